// SPDX-License-Identifier: GPL-3.0-or-later
import CEDS
import ToteCore

/// Evolution Data Server's task lists and the accounts that hold them (ESourceRegistry), read
/// again at every change of a source. Mechanism only: ToteCore decides what to sync.
@MainActor
final class EDSRegistry {
    private final class Opened {
        let done: @MainActor (Result<EDSRegistry, EDSFailure>) -> Void
        init(_ done: @escaping @MainActor (Result<EDSRegistry, EDSFailure>) -> Void) { self.done = done }
    }

    private final class Connected {
        let done: @MainActor (Result<EDSTaskClient, EDSFailure>) -> Void
        init(_ done: @escaping @MainActor (Result<EDSTaskClient, EDSFailure>) -> Void) { self.done = done }
    }

    private final class Watcher {
        weak var registry: EDSRegistry?
        init(_ registry: EDSRegistry) { self.registry = registry }
    }

    private let registry: OpaquePointer
    private(set) var taskLists: [EDSTaskList] = []
    private(set) var accounts: [EDSAccount] = []
    /// Runs after `taskLists` and `accounts` were read again.
    var onChange: @MainActor () -> Void = {}

    private init(_ registry: OpaquePointer) {
        self.registry = registry
        reload()
        tote_eds_registry_watch(registry, { ctx in
            nonisolated(unsafe) let ctx = ctx
            MainActor.assumeIsolated {
                guard let registry = Unmanaged<Watcher>.fromOpaque(ctx!).takeUnretainedValue().registry else { return }
                registry.reload()
                registry.onChange()
            }
        }, Unmanaged.passRetained(Watcher(self)).toOpaque(), { ctx in
            Unmanaged<Watcher>.fromOpaque(ctx!).release()
        })
    }

    isolated deinit {
        tote_eds_registry_free(registry)
    }

    /// Connects to the registry (starting evolution-source-registry through D-Bus if needed).
    static func open(_ done: @escaping @MainActor (Result<EDSRegistry, EDSFailure>) -> Void) {
        tote_eds_registry_new(nil, { ctx, registry, error in
            let failure = error.map { EDSFailure($0.pointee) }
            nonisolated(unsafe) let (ctx, registry) = (ctx, registry)
            MainActor.assumeIsolated {
                let done = Unmanaged<Opened>.fromOpaque(ctx!).takeRetainedValue().done
                if let registry {
                    done(.success(EDSRegistry(registry)))
                } else {
                    done(.failure(failure!))
                }
            }
        }, Unmanaged.passRetained(Opened(done)).toOpaque())
    }

    /// A client of the task list, not waiting for its server: an unreachable CalDAV server
    /// leaves it opened read-only until `EDSTaskClient.refresh`.
    func connect(listUID: String, _ done: @escaping @MainActor (Result<EDSTaskClient, EDSFailure>) -> Void) {
        tote_eds_client_connect(registry, listUID, nil, { ctx, client, error in
            let failure = error.map { EDSFailure($0.pointee) }
            nonisolated(unsafe) let (ctx, client) = (ctx, client)
            MainActor.assumeIsolated {
                let done = Unmanaged<Connected>.fromOpaque(ctx!).takeRetainedValue().done
                if let client {
                    done(.success(EDSTaskClient(client)))
                } else {
                    done(.failure(failure!))
                }
            }
        }, Unmanaged.passRetained(Connected(done)).toOpaque())
    }

    /// The new list's uid; nil for a remote account, whose backend names the list itself (it
    /// appears in `taskLists` later).
    func createTaskList(
        named name: String, inAccount accountUID: String,
        _ done: @escaping @MainActor (Result<String?, EDSFailure>) -> Void
    ) {
        let (callback, ctx) = EDSFailure.completion(done)
        tote_eds_registry_create_task_list(registry, accountUID, name, nil, callback, ctx)
    }

    /// Deletes the list on its server when EDS can (remote-deletable), else forgets it here.
    func removeTaskList(uid: String, _ done: @escaping @MainActor (Result<Void, EDSFailure>) -> Void) {
        let (callback, ctx) = EDSFailure.completion { done($0.map { _ in () }) }
        tote_eds_registry_remove_task_list(registry, uid, nil, callback, ctx)
    }

    private func reload() {
        var count: gsize = 0
        if let lists = tote_eds_registry_list_task_lists(registry, &count) {
            taskLists = (0..<Int(count)).map { index in
                let list = lists[index]
                return EDSTaskList(
                    uid: String(cString: list.uid), name: String(cString: list.name),
                    accountUID: String(cString: list.account_uid), accountName: String(cString: list.account_name),
                    isEnabled: list.enabled != 0)
            }
            tote_eds_task_lists_free(lists, count)
        }
        if let found = tote_eds_registry_list_accounts(registry, &count) {
            accounts = (0..<Int(count)).map { index in
                let account = found[index]
                return EDSAccount(
                    uid: String(cString: account.uid), name: String(cString: account.name),
                    canCreateLists: account.can_create_lists != 0)
            }
            tote_eds_accounts_free(found, count)
        }
    }
}
