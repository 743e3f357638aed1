// SPDX-License-Identifier: GPL-3.0-or-later
import CEDS
import ToteCore

/// One task list of Evolution Data Server (an ECalClient): a view of its to-dos as iCalendar
/// text, and writes that never overwrite a server's newer copy.
@MainActor
final class EDSTaskClient {
    private final class ViewHandlers {
        let added: @MainActor (EDSViewObjects) -> Void
        let modified: @MainActor (EDSViewObjects) -> Void
        let removed: @MainActor ([RemovedTodo]) -> Void
        let complete: @MainActor (EDSFailure?) -> Void
        init(
            added: @escaping @MainActor (EDSViewObjects) -> Void, modified: @escaping @MainActor (EDSViewObjects) -> Void,
            removed: @escaping @MainActor ([RemovedTodo]) -> Void, complete: @escaping @MainActor (EDSFailure?) -> Void
        ) {
            self.added = added
            self.modified = modified
            self.removed = removed
            self.complete = complete
        }
    }

    private let client: OpaquePointer
    private var view: OpaquePointer?

    init(_ client: OpaquePointer) {
        self.client = client
    }

    isolated deinit {
        stopView()
        tote_eds_client_free(client)
    }

    /// The backend's state as it last reported it; read-only after opening with its server
    /// unreachable.
    var isReadOnly: Bool { tote_eds_client_is_readonly(client) != 0 }
    var isOnline: Bool { tote_eds_client_is_online(client) != 0 }

    /// Watches every to-do: `added` first gives those already there, then `complete` runs once.
    /// Added and modified give the to-dos, to be read as text off the main thread
    /// (`EDSViewObjects`): one VTODO each (with the backend's X-EVOLUTION-CALDAV-ETAG on
    /// CalDAV; a repeating to-do's master and each override apart), removed gives their ids: a UID, with a `RECURRENCE-ID` for an override. Replaces a
    /// running view.
    func startView(
        added: @escaping @MainActor (EDSViewObjects) -> Void, modified: @escaping @MainActor (EDSViewObjects) -> Void,
        removed: @escaping @MainActor ([RemovedTodo]) -> Void, complete: @escaping @MainActor (EDSFailure?) -> Void
    ) {
        stopView()
        let handlers = ViewHandlers(added: added, modified: modified, removed: removed, complete: complete)
        view = tote_eds_client_start_view(
            client,
            { ctx, held in
                let objects = EDSViewObjects(held!)
                nonisolated(unsafe) let ctx = ctx
                MainActor.assumeIsolated { Unmanaged<ViewHandlers>.fromOpaque(ctx!).takeUnretainedValue().added(objects) }
            },
            { ctx, held in
                let objects = EDSViewObjects(held!)
                nonisolated(unsafe) let ctx = ctx
                MainActor.assumeIsolated { Unmanaged<ViewHandlers>.fromOpaque(ctx!).takeUnretainedValue().modified(objects) }
            },
            { ctx, uids, rids, count in
                let ids = EDSTaskClient.ids(uids, rids, Int(count))
                nonisolated(unsafe) let ctx = ctx
                MainActor.assumeIsolated { Unmanaged<ViewHandlers>.fromOpaque(ctx!).takeUnretainedValue().removed(ids) }
            },
            { ctx, error in
                let failure = error.map { EDSFailure($0.pointee) }
                nonisolated(unsafe) let ctx = ctx
                MainActor.assumeIsolated { Unmanaged<ViewHandlers>.fromOpaque(ctx!).takeUnretainedValue().complete(failure) }
            },
            Unmanaged.passRetained(handlers).toOpaque(),
            { ctx in Unmanaged<ViewHandlers>.fromOpaque(ctx!).release() })
    }

    /// No view handler runs after this.
    func stopView() {
        guard let view else { return }
        self.view = nil
        tote_eds_view_free(view)
    }

    /// Creates the to-do `ical` (one VTODO); its uid.
    func create(_ ical: String, _ done: @escaping @MainActor (Result<String, EDSFailure>) -> Void) {
        let (callback, ctx) = EDSFailure.completion { done($0.map { $0 ?? "" }) }
        tote_eds_client_create(client, ical, nil, callback, ctx)
    }

    /// Replaces the to-do. On CalDAV the text must keep the X-EVOLUTION-CALDAV-ETAG of the
    /// version it was made from: when the server's copy changed since (or the property is
    /// missing) it is refused, e-client-error-quark 21 "… Object is out of sync".
    func modify(_ ical: String, _ done: @escaping @MainActor (Result<Void, EDSFailure>) -> Void) {
        let (callback, ctx) = EDSFailure.completion { done($0.map { _ in () }) }
        tote_eds_client_modify(client, ical, nil, callback, ctx)
    }

    /// Refused (out of sync) when the server's copy changed since the backend last fetched it.
    func remove(uid: String, _ done: @escaping @MainActor (Result<Void, EDSFailure>) -> Void) {
        let (callback, ctx) = EDSFailure.completion { done($0.map { _ in () }) }
        tote_eds_client_remove(client, uid, nil, callback, ctx)
    }

    /// The to-do as the backend's cache holds it: after a refusal, the server's copy only once
    /// `refresh` brought it (the view reports it as modified).
    func get(uid: String, _ done: @escaping @MainActor (Result<String, EDSFailure>) -> Void) {
        let (callback, ctx) = EDSFailure.completion { done($0.map { $0 ?? "" }) }
        tote_eds_client_get(client, uid, nil, callback, ctx)
    }

    private final class PartsCompletion {
        let done: @MainActor (Result<[String], EDSFailure>) -> Void
        init(_ done: @escaping @MainActor (Result<[String], EDSFailure>) -> Void) { self.done = done }
    }

    /// Every part the backend's cache holds under `uid`, each as its text (a repeating to-do's
    /// master and each override apart); not found when none.
    func getAll(uid: String, _ done: @escaping @MainActor (Result<[String], EDSFailure>) -> Void) {
        let ctx = Unmanaged.passRetained(PartsCompletion(done)).toOpaque()
        tote_eds_client_get_all(client, uid, nil, { ctx, strings, count, error in
            let outcome: Result<[String], EDSFailure> =
                if let error { .failure(EDSFailure(error.pointee)) } else { .success(EDSTaskClient.strings(strings, Int(count))) }
            nonisolated(unsafe) let ctx = ctx
            MainActor.assumeIsolated { Unmanaged<PartsCompletion>.fromOpaque(ctx!).takeRetainedValue().done(outcome) }
        }, ctx)
    }

    /// Asks the backend to fetch the server's changes now; they come through the view.
    func refresh(_ done: @escaping @MainActor (Result<Void, EDSFailure>) -> Void) {
        let (callback, ctx) = EDSFailure.completion { done($0.map { _ in () }) }
        tote_eds_client_refresh(client, nil, callback, ctx)
    }

    /// The shim's two arrays side by side; its "" rid (a master) is nil.
    private nonisolated static func ids(_ uids: UnsafePointer<UnsafePointer<CChar>?>?,
                                        _ rids: UnsafePointer<UnsafePointer<CChar>?>?, _ count: Int) -> [RemovedTodo] {
        guard let uids, let rids else { return [] }
        return (0..<count).compactMap { index in
            uids[index].map { RemovedTodo(uid: String(cString: $0), recurrenceID: rids[index].map { String(cString: $0) }) }
        }
    }

    private nonisolated static func strings(_ strings: UnsafePointer<UnsafePointer<CChar>?>?, _ count: Int) -> [String] {
        guard let strings else { return [] }
        return (0..<count).compactMap { strings[$0].map { String(cString: $0) } }
    }
}
