// SPDX-License-Identifier: GPL-3.0-or-later
import CAdw
import CShim
import Foundation
import ToteCore

/// Binds the library to Evolution Data Server: a list for every task list EDS knows
/// (`SyncAccounts`), changes from the server applied as changes from elsewhere
/// (`SyncInbox`), and the outbox sent one entry at a time (`SyncPush`), again while a server
/// cannot be reached. Every decision is ToteCore's; this only carries them out.
@MainActor
final class SyncService {
    private let library: Library
    private var registry: EDSRegistry?
    private var clients: [String: EDSTaskClient] = [:]
    private var connecting: Set<String> = []
    /// Per task list whose view has not completed its first population: the UIDs Tote
    /// knew on the server when the view began, and those the view has brought in since.
    private var initial: [String: (known: Set<String>, seen: Set<String>)] = [:]
    private var pushing = false
    /// A push asked for while a server batch was being written (with its `includingWaiting`),
    /// made once the batches waiting are written.
    private var pushOnceWritten: Bool?
    /// Reminders whose write was refused as out of date: sent again on the retry, once the
    /// refresh has brought the server's version.
    private var deferred: Set<UUID> = []
    /// Batches from a server that could not be written, tried again on the retry.
    private var unapplied: [ServerBatch] = []
    private var retry: Timeout?
    private var observer: UUID?
    /// Why each task list's changes are waiting, for the sidebar.
    private(set) var waiting: [String: String] = [:]
    /// Called when `waiting` or the accounts change (windows update their sidebars).
    var onStatusChange: @MainActor () -> Void = {}
    /// Called with a toast's text (a conflict merged, a list kept).
    var onToast: @MainActor (String) -> Void = { _ in }

    /// How long a failed push waits before the outbox is tried again: 3 s, doubling while
    /// nothing gets through, up to a minute (a server down for hours is not asked every 3 s).
    static let firstRetryDelay = 3.0
    static let longestRetryDelay = 60.0
    private var retryDelay = SyncService.firstRetryDelay

    init(library: Library) {
        self.library = library
    }

    var accounts: [EDSAccount] { registry?.accounts ?? [] }

    /// Opens EDS's registry (off the first frame: nothing waits on it).
    func start() {
        observer = library.observe { [weak self] change in self?.follow(change) }
        EDSRegistry.open { [weak self] result in
            guard let self else { return }
            switch result {
            case .success(let registry):
                self.registry = registry
                registry.onChange = { [weak self] in self?.reconcileSoon() }
                self.reconcile()
            case .failure(let failure):
                // No EDS on this desktop: Tote's own lists work as always.
                tote_shim_log_message("Evolution Data Server is not available: \(failure.message)")
            }
        }
    }

    // MARK: Accounts

    private var pendingReconcile: Timeout?

    /// The registry's changes come in bursts (an account brings several sources; a registry
    /// that restarts drops every source and brings them back): they are followed once the
    /// burst is over, so that a list is not taken away and made again.
    private func reconcileSoon() {
        pendingReconcile?.cancel()
        pendingReconcile = Timeout(after: 1.5, priority: G_PRIORITY_DEFAULT) { [weak self] in
            self?.pendingReconcile = nil
            self?.reconcile()
        }
    }

    /// Lists for the task lists EDS has now; a client and a view for each.
    private func reconcile() {
        guard let registry else { return }
        let taskLists = registry.taskLists
        let waitingSources = Set((try? library.store.outbox())?.map(\.sourceUID) ?? [])
        let plan = SyncAccounts(taskLists: taskLists, lists: library.lists, bindings: library.syncedLists,
                                waiting: waitingSources, claims: claims, rows: { [library] in (try? library.reminders(inList: $0)) ?? [] },
                                now: Date())
        if plan.command != nil || !plan.record.isEmpty {
            do {
                try library.applyFromElsewhere(LibraryEdit(reminders: plan.command), sync: plan.record,
                                               listsWithAccountSwitchedOff: plan.switchedOff)
            } catch {
                onToast(format(tr("Could not show the account’s lists: {reason}"), ["reason": Reasons.text(forStoreError: error)]))
            }
        }
        claims.removeAll { plan.claimed.contains($0) }
        for list in plan.keptAsOwn {
            onToast(format(tr("“{list}” is kept in Tote: its account is gone, and it held what only Tote had"),
                           ["list": list.name]))
        }
        let bound = Set(library.syncedLists.values.map(\.sourceUID))
        for uid in clients.keys where !bound.contains(uid) {
            clients[uid]?.stopView()
            clients[uid] = nil
        }
        for binding in library.syncedLists.values where clients[binding.sourceUID] == nil {
            connect(binding.sourceUID)
        }
        onStatusChange()
    }

    /// Lists being moved into an account, until the task list made for each appears.
    private var claims: [SyncAccounts.Claim] = []

    /// Moves one of Tote's own lists into an account: a task list is made there for it, and
    /// once EDS lists it, the list is bound to it and every reminder sent.
    func move(_ list: ReminderList, into account: EDSAccount, done: @escaping @MainActor (EDSFailure?) -> Void) {
        guard let registry, library.syncedLists[list.id] == nil else {
            return done(EDSFailure(domain: "", code: 0, message: tr("Accounts are not available")))
        }
        let claim = SyncAccounts.Claim(listID: list.id, accountUID: account.uid, name: list.name)
        claims.append(claim)
        registry.createTaskList(named: list.name, inAccount: account.uid) { [weak self] result in
            guard let self else { return }
            if case .failure(let failure) = result {
                self.claims.removeAll { $0 == claim }
                return done(failure)
            }
            self.reconcile()
            done(nil)
        }
    }

    /// Makes a synced list Tote's own again and removes its task list from the account.
    func keepOnlyInTote(_ list: ReminderList, done: @escaping @MainActor (EDSFailure?) -> Void) {
        guard let registry, let binding = library.syncedLists[list.id] else { return done(nil) }
        do {
            // Unbound first: the task list's removal must not take the list with it.
            try library.applyFromElsewhere(LibraryEdit(), sync: SyncRecord(unbound: [list.id]))
        } catch {
            return done(EDSFailure(domain: "", code: 0, message: Reasons.text(forStoreError: error)))
        }
        clients[binding.sourceUID]?.stopView()
        clients[binding.sourceUID] = nil
        registry.removeTaskList(uid: binding.sourceUID) { result in
            if case .failure(let failure) = result { done(failure) } else { done(nil) }
        }
    }

    private func connect(_ sourceUID: String) {
        guard let registry, !connecting.contains(sourceUID) else { return }
        connecting.insert(sourceUID)
        registry.connect(listUID: sourceUID) { [weak self] result in
            guard let self else { return }
            self.connecting.remove(sourceUID)
            switch result {
            case .success(let client):
                // Unbound while it connected (its account went, or the list left it).
                guard self.binding(forSource: sourceUID) != nil else { return }
                self.clients[sourceUID] = client
                let known = Set(((try? self.library.store.bases(inSource: sourceUID)) ?? []).map(\.uid))
                self.initial[sourceUID] = (known, [])
                client.startView(
                    added: { [weak self] objects in self?.receive(objects, removed: [], from: sourceUID) },
                    modified: { [weak self] objects in self?.receive(objects, removed: [], from: sourceUID) },
                    removed: { [weak self] ids in self?.receive(nil, removed: ids, from: sourceUID) },
                    complete: { [weak self] failure in self?.viewCompleted(sourceUID, failure: failure) })
            case .failure(let failure):
                self.waiting[sourceUID] = failure.message
                self.onStatusChange()
                self.scheduleRetry()
                self.backOff()
            }
        }
    }

    // MARK: Changes from the server

    /// Asks a synced list's server for what changed there (EDS otherwise looks only now
    /// and then); the changes come through the view.
    func refresh(listID: UUID) {
        guard let binding = library.syncedLists[listID], let client = clients[binding.sourceUID] else { return }
        client.refresh { _ in }
    }

    private func binding(forSource sourceUID: String) -> SyncedList? {
        library.syncedLists.values.first { $0.sourceUID == sourceUID }
    }

    /// Reads the server's to-dos off the main thread (10,000 are most of a second of
    /// libical), in the order they came.
    private let reading = DispatchQueue(label: "io.github.totenotes.Tote.sync-reading")

    private func receive(_ objects: EDSViewObjects?, removed: [RemovedTodo], from sourceUID: String) {
        reading.async {
            let todos = (objects?.texts() ?? []).compactMap(VTodoMapping.read)
            DispatchQueue.main.async { [weak self] in
                MainActor.assumeIsolated {
                    guard let self else { return }
                    if self.initial[sourceUID] != nil { self.initial[sourceUID]?.seen.formUnion(todos.map(\.uid)) }
                    self.gather(todos, removed: removed, from: sourceUID)
                }
            }
        }
    }

    /// Batches gathered per task list until the view pauses (`flushDelay`), or until one holds
    /// `largestBatch` to-dos: 10,000 applied at once were one step of most of the 2.4 s of
    /// main thread the first sync took (the benchmark); 500 at a time keep each step short.
    private var gathered: [String: SyncBatch] = [:]
    private var flush: Timeout?
    static let flushDelay = 0.1
    static let largestBatch = 500

    private func gather(_ todos: [VTodoMapping.Todo], removed: [RemovedTodo], from sourceUID: String) {
        gathered[sourceUID, default: SyncBatch()].add(changed: todos, removed: removed)
        if let batch = gathered[sourceUID], batch.changed.count + batch.removed.count >= Self.largestBatch {
            return applyGathered()
        }
        flush?.cancel()
        flush = Timeout(after: Self.flushDelay, priority: G_PRIORITY_DEFAULT) { [weak self] in self?.applyGathered() }
    }

    private func applyGathered() {
        flush?.cancel()
        flush = nil
        let batches = gathered
        gathered.removeAll()
        for (source, batch) in batches where !batch.isEmpty { apply(batch.changed, removed: batch.removed, from: source) }
    }

    /// After the view's first batch: to-dos Tote knew that the server no longer has were
    /// removed while Tote was closed. A view that failed says nothing of that: the client is
    /// dropped and connected again on the retry.
    private func viewCompleted(_ sourceUID: String, failure: EDSFailure?) {
        if let failure {
            initial[sourceUID] = nil
            clients[sourceUID]?.stopView()
            clients[sourceUID] = nil
            waiting[sourceUID] = failure.message
            onStatusChange()
            scheduleRetry()
            backOff()
            return
        }
        // After the batches still being read.
        reading.async {
            DispatchQueue.main.async { [weak self] in MainActor.assumeIsolated { self?.initialSyncEnded(sourceUID) } }
        }
    }

    private func initialSyncEnded(_ sourceUID: String) {
        applyGathered()
        guard let population = initial.removeValue(forKey: sourceUID) else { return }
        let gone = SyncInbox.removedWhileAway(known: population.known, seen: population.seen)
        if !gone.isEmpty { apply([], removed: gone, from: sourceUID) }
        pushOutbox()
    }

    /// A batch from the server waiting for its turn.
    private struct ServerBatch {
        var todos: [VTodoMapping.Todo]
        var removed: [RemovedTodo]
        var confirmed: Set<String>
        var source: String
    }

    /// Batches waiting, in the order they came; one is written at a time (`writingBatch`).
    private var batchesWaiting: [ServerBatch] = []
    /// Whether a batch is being planned and written off the main thread. One at a time: while
    /// it is, every read of the store on the main thread (a window following the change, a
    /// command) would wait for it, and for every batch queued behind it.
    private var writingBatch = false

    private func apply(_ todos: [VTodoMapping.Todo], removed: [RemovedTodo], confirmed: Set<String> = [],
                       from sourceUID: String) {
        batchesWaiting.append(ServerBatch(todos: todos, removed: removed, confirmed: confirmed, source: sourceUID))
        writeNextBatch()
    }

    /// Plans and writes the next batch off the main thread, against the store as it is when
    /// its turn comes (`Library.applyFromServerInBackground`); the one after it begins once it
    /// is published.
    private func writeNextBatch() {
        guard !writingBatch, !batchesWaiting.isEmpty else { return }
        let batch = batchesWaiting.removeFirst()
        guard let binding = binding(forSource: batch.source) else { return writeNextBatch() }
        writingBatch = true
        let now = Date()
        library.applyFromServerInBackground(binding, plan: { local in
            SyncInbox(changed: batch.todos, removed: batch.removed, confirmed: batch.confirmed, local: local, now: now,
                      describe: Self.describe)
        }, then: { [weak self] result in
            guard let self else { return }
            self.writingBatch = false
            switch result {
            case .success(let inbox):
                for title in inbox?.conflicts ?? [] {
                    onToast(format(tr("“{reminder}” changed on another device too: both changes are kept"), ["reminder": title]))
                }
                for uid in inbox?.toConfirm ?? [] { confirmRemoval(of: uid, in: batch.source) }
                // The first sync's batches push when it ends (`initialSyncEnded`).
                if inbox?.record.queue.isEmpty == false, initial[batch.source] == nil { pushOutbox() }
            case .failure:
                // Not written (a damaged store, a full disk, a reminder changed meanwhile): the
                // server will not send these again unchanged, so they are read again, against
                // the state then, on the retry.
                unapplied.append(batch)
                scheduleRetry()
            }
            if batchesWaiting.isEmpty {
                pushIfWritten()
            } else {
                writeNextBatch()
            }
        })
    }

    /// Asks EDS whether it still has a to-do whose removal came without its rid
    /// (`RemovalConfirmation`), and applies what its answer does.
    private func confirmRemoval(of uid: String, in sourceUID: String) {
        guard let client = clients[sourceUID] else { return }
        client.getAll(uid: uid) { [weak self] result in
            let texts: [String]
            switch result {
            case .success(let parts): texts = parts
            case .failure(let failure):
                guard SyncFailure(domain: failure.domain, code: failure.code, message: failure.message) == .notFound else {
                    // The reminder stays; the next change or start reads it again.
                    return tote_shim_log_message("Could not confirm the removal of \(uid): \(failure.message)")
                }
                texts = []
            }
            self?.confirmed(uid, parts: texts, in: sourceUID)
        }
    }

    /// EDS's answer (`parts`: none when it has nothing under `uid`), read after the batches
    /// still being read, as they are.
    private func confirmed(_ uid: String, parts: [String], in sourceUID: String) {
        reading.async {
            let found = parts.isEmpty ? nil : VTodoMapping.joined(parts)
            DispatchQueue.main.async { [weak self] in
                MainActor.assumeIsolated {
                    guard let self else { return }
                    self.applyGathered()
                    let base = (try? self.library.store.bases(inSource: sourceUID))?.first { $0.uid == uid }
                    let outcome = RemovalConfirmation.answer(uid: uid, found: found, base: base)
                    self.apply(outcome.changed, removed: outcome.removed, confirmed: outcome.confirmed, from: sourceUID)
                }
            }
        }
    }

    /// The values a merge did not take, written into the reminder's notes (off the main thread).
    nonisolated static func describe(_ kept: [TodoMerge.Kept]) -> String {
        let lines = kept.map { kept -> String in
            let value: String
            switch kept.field {
            case .title: value = kept.loser.title
            case .notes: value = kept.loser.notes
            case .isDone: value = kept.loser.isDone ? tr("done") : tr("not done")
            case .due: value = kept.loser.due?.formatted(date: .abbreviated, time: .omitted) ?? tr("no due date")
            case .priority: value = [.none: tr("no priority"), .low: tr("Low priority"), .medium: tr("Medium priority"),
                                     .high: tr("High priority")][kept.loser.priority] ?? ""
            case .sortOrder, .parent, .repeatRule: value = ""
            }
            return value
        }
        return tr("Also changed on another device:") + "\n" + lines.joined(separator: "\n")
    }

    // MARK: The outbox

    /// A batch from the server is followed up where it was applied: reading the outbox here
    /// would wait for the batches written after it.
    private func follow(_ change: LibraryChange) {
        guard let command = change.reminders, !change.fromServer, !library.syncedLists.isEmpty else { return }
        let synced = Set(library.syncedLists.keys)
        if !command.listsTouched.isDisjoint(with: synced) || change.origin != nil { pushOutbox() }
    }

    private func pushIfWritten() {
        guard let includingWaiting = pushOnceWritten, !writingBatch else { return }
        pushOnceWritten = nil
        pushOutbox(includingWaiting: includingWaiting)
    }

    /// Sends the outbox, one entry at a time, oldest first (a create before the remove of
    /// the same reminder moved between task lists).
    /// `includingWaiting`: also entries of task lists that could not be reached (on retry).
    func pushOutbox(includingWaiting: Bool = false) {
        // Reading the outbox waits for the batch being written: pushed once it is.
        guard !writingBatch else {
            pushOnceWritten = includingWaiting || pushOnceWritten == true
            return
        }
        guard !pushing, let entries = try? library.store.outbox(), !entries.isEmpty else {
            if !pushing { updateWaiting() }
            return
        }
        let sources = Dictionary(library.syncedLists.values.map { ($0.listID, $0.sourceUID) }, uniquingKeysWith: { a, _ in a })
        // One read for every entry's reminder, not one per comparison.
        let reminders = Dictionary(((try? library.store.reminders(ids: entries.map(\.reminderID))) ?? []).map { ($0.id, $0) },
                                   uniquingKeysWith: { first, _ in first })
        func inSource(_ entry: OutboxEntry) -> Bool {
            reminders[entry.reminderID].map { sources[$0.listID] == entry.sourceUID } ?? false
        }
        let ordered = SyncPush.order(entries) { !inSource($0) }
        guard let entry = ordered.first(where: {
            clients[$0.sourceUID] != nil && initial[$0.sourceUID] == nil && (includingWaiting || (waiting[$0.sourceUID] == nil && !deferred.contains($0.reminderID)))
        }) else {
            updateWaiting()
            return
        }
        push(entry, inSource: inSource(entry))
    }

    private func push(_ entry: OutboxEntry, inSource: Bool) {
        guard let client = clients[entry.sourceUID] else { return }
        let store = library.store
        let reminder = (try? store.reminder(id: entry.reminderID)) ?? nil
        let bases = (try? store.bases(ofReminder: entry.reminderID)) ?? []
        let base = bases.first { $0.sourceUID == entry.sourceUID }
        let parentUID = reminder?.parentID.map { parent in
            let parentBases = (try? store.bases(ofReminder: parent)) ?? []
            return SyncPush.parentUID(of: parent, inSource: parentBases.first { $0.sourceUID == entry.sourceUID },
                                      elsewhere: parentBases.filter { $0.sourceUID != entry.sourceUID })
        }
        let plan = SyncPush.plan(reminder: reminder, inSource: inSource, base: base,
                                 otherBases: bases.filter { $0.sourceUID != entry.sourceUID }, parentUID: parentUID, now: Date())
        pushing = true
        let done: @MainActor (SyncBase?, SyncRecord.SourceUID?, EDSFailure?) -> Void = { [weak self] newBase, removed, failure in
            self?.pushed(entry, base: newBase, startedFrom: base?.text, removing: removed, failure: failure, plan: plan)
        }
        switch plan {
        case .nothing:
            // Later, not from here: a long run of these would go ever deeper in the stack.
            DispatchQueue.main.async { MainActor.assumeIsolated { done(nil, nil, nil) } }
        case .create(let uid, let text):
            client.create(text) { result in
                switch result {
                case .success: done(SyncBase(sourceUID: entry.sourceUID, uid: uid, reminderID: entry.reminderID, text: text), nil, nil)
                case .failure(let failure): done(nil, nil, failure)
                }
            }
        case .modify(let uid, let text):
            client.modify(text) { result in
                switch result {
                case .success: done(SyncBase(sourceUID: entry.sourceUID, uid: uid, reminderID: entry.reminderID, text: text), nil, nil)
                case .failure(let failure): done(nil, nil, failure)
                }
            }
        case .remove(let uid):
            client.remove(uid: uid) { result in
                switch result {
                case .success: done(nil, .init(sourceUID: entry.sourceUID, uid: uid), nil)
                case .failure(let failure): done(nil, nil, failure)
                }
            }
        }
    }

    private func pushed(_ entry: OutboxEntry, base: SyncBase?, startedFrom: String?, removing: SyncRecord.SourceUID?,
                        failure: EDSFailure?, plan: SyncPush) {
        pushing = false
        let store = library.store
        guard let failure else {
            try? store.recordPush(of: entry, base: base, startedFrom: startedFrom, removing: removing)
            retryDelay = Self.firstRetryDelay
            if waiting[entry.sourceUID] != nil {
                waiting[entry.sourceUID] = nil
                onStatusChange()
            }
            pushOutbox()
            return
        }
        switch SyncFailure(domain: failure.domain, code: failure.code, message: failure.message) {
        case .outOfDate:
            // The server's copy is newer than the base (or EDS's ETag on it is). EDS's cache
            // has the old one until a refresh: the refresh brings the new one through the view,
            // where it is merged (the entry is pending), and the merge is sent on the retry.
            clients[entry.sourceUID]?.refresh { _ in }
            try? store.recordFailure(of: entry, reason: failure.message)
            deferred.insert(entry.reminderID)
            scheduleRetry()
            backOff()
        case .notFound:
            // Removed on the server meanwhile: a remove is done; a change is made anew.
            let uid = plan.uid ?? ""
            if case .remove = plan {
                try? store.recordPush(of: entry, base: nil, startedFrom: nil, removing: .init(sourceUID: entry.sourceUID, uid: uid))
            } else {
                try? store.apply(nil, record: SyncRecord(removedBases: [.init(sourceUID: entry.sourceUID, uid: uid)]))
            }
            pushOutbox()
            return
        case .unreachable(let reason):
            try? store.recordFailure(of: entry, reason: reason)
            waiting[entry.sourceUID] = reason
            onStatusChange()
            scheduleRetry()
            backOff()
        }
        // Other task lists may still be reachable.
        pushOutbox()
    }

    /// The next retry waits twice as long (up to a minute) until something gets through.
    private func backOff() {
        retryDelay = min(retryDelay * 2, Self.longestRetryDelay)
    }

    private func scheduleRetry() {
        guard retry == nil else { return }
        retry = Timeout(after: retryDelay, priority: G_PRIORITY_DEFAULT) { [weak self] in
            guard let self else { return }
            self.retry = nil
            self.deferred.removeAll()
            self.batchesWaiting += self.unapplied
            self.unapplied.removeAll()
            self.writeNextBatch()
            for binding in self.library.syncedLists.values where self.clients[binding.sourceUID] == nil {
                self.connect(binding.sourceUID)
            }
            // A client opened while its server was down stays read-only until a refresh.
            let waiting = self.waiting.keys.compactMap { self.clients[$0] }
            guard !waiting.isEmpty else { return self.pushOutbox(includingWaiting: true) }
            var left = waiting.count
            for client in waiting {
                client.refresh { [weak self] _ in
                    left -= 1
                    if left == 0 { self?.pushOutbox(includingWaiting: true) }
                }
            }
        }
    }

    /// Task lists with entries still in the outbox keep saying why (or that they wait).
    private func updateWaiting() {
        let sources = Set((try? library.store.outbox())?.map(\.sourceUID) ?? [])
        var changed = false
        for source in waiting.keys where !sources.contains(source) {
            waiting[source] = nil
            changed = true
        }
        if changed { onStatusChange() }
        if !sources.isEmpty { scheduleRetry() }
    }

    /// Why a list's changes wait, for its sidebar row; nil when it is up to date.
    func waitingReason(forList id: UUID) -> String? {
        guard let binding = library.syncedLists[id] else { return nil }
        return waiting[binding.sourceUID]
    }
}
