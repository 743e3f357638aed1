// SPDX-License-Identifier: GPL-3.0-or-later
import CEDS
import ToteCore

extension EDSFailure {
    init(_ error: ToteEdsError) {
        self.init(
            domain: error.domain.map { String(cString: $0) } ?? "",
            code: Int(error.code),
            message: error.message.map { String(cString: $0) } ?? "")
    }

    private final class Completion {
        let done: @MainActor (Result<String?, EDSFailure>) -> Void
        init(_ done: @escaping @MainActor (Result<String?, EDSFailure>) -> Void) { self.done = done }
    }

    /// A CEDS completion (callback and context) calling `done` once, on the main actor.
    static func completion(
        _ done: @escaping @MainActor (Result<String?, EDSFailure>) -> Void
    ) -> (ToteEdsResultCallback, UnsafeMutableRawPointer) {
        let callback: ToteEdsResultCallback = { ctx, result, error in
            let outcome: Result<String?, EDSFailure> =
                if let error { .failure(EDSFailure(error.pointee)) } else { .success(result.map { String(cString: $0) }) }
            nonisolated(unsafe) let ctx = ctx
            MainActor.assumeIsolated {
                Unmanaged<Completion>.fromOpaque(ctx!).takeRetainedValue().done(outcome)
            }
        }
        return (callback, Unmanaged.passRetained(Completion(done)).toOpaque())
    }
}
