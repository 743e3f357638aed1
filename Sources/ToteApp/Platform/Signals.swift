// SPDX-License-Identifier: GPL-3.0-or-later
import CAdw

/// Connects Swift closures to GObject signals. The closure is boxed and retained by the
/// connection; GLib releases it through the destroy notify when the handler is disconnected
/// or the instance finalised, so a handler never outlives what it calls. Closures that refer
/// to their owner capture it weakly.
private final class SignalBox<Handler> {
    let handler: Handler
    init(_ handler: Handler) { self.handler = handler }
}

private typealias NoArgument = @MainActor () -> Void
private typealias OneArgument = @MainActor (UnsafeMutableRawPointer?) -> Void
private typealias ReturningBool = @MainActor () -> Bool
private typealias OneArgumentReturningInt = @MainActor (UnsafeMutableRawPointer?) -> Int32
private typealias TwoArguments = @MainActor (UnsafeMutableRawPointer?, UnsafeMutableRawPointer?) -> Void
private typealias IntArgument = @MainActor (Int32) -> Void
private typealias UIntArgument = @MainActor (UInt32) -> Void
private typealias Pressed = @MainActor (Int32, Double, Double) -> Void
private typealias KeyPressed = @MainActor (UInt32, UInt32) -> Bool
private typealias KeyPressedWithCode = @MainActor (UInt32, UInt32, UInt32) -> Bool
private typealias InsertText = @MainActor (UnsafeMutablePointer<GtkTextIter>, String) -> Void
private typealias Prepare = @MainActor (Double, Double) -> UnsafeMutablePointer<GdkContentProvider>?
private typealias DropPosition = @MainActor (UnsafeMutableRawPointer, Double, Double) -> UInt32
private typealias OpenFiles = @MainActor ([String]) -> Void
private typealias Position = @MainActor (Double, Double) -> Void
private typealias FileChanged = @MainActor (UInt32) -> Void

private let releaseBox: GClosureNotify = { data, _ in
    guard let data else { return }
    Unmanaged<AnyObject>.fromOpaque(data).release()
}

private let noArgumentTrampoline: @convention(c) (UnsafeMutableRawPointer?, UnsafeMutableRawPointer?) -> Void = {
    _, data in
    nonisolated(unsafe) let data = data
    MainActor.assumeIsolated {
        Unmanaged<SignalBox<NoArgument>>.fromOpaque(data!).takeUnretainedValue().handler()
    }
}

private let oneArgumentTrampoline: @convention(c) (
    UnsafeMutableRawPointer?, UnsafeMutableRawPointer?, UnsafeMutableRawPointer?
) -> Void = { _, argument, data in
    nonisolated(unsafe) let (argument, data) = (argument, data)
    MainActor.assumeIsolated {
        Unmanaged<SignalBox<OneArgument>>.fromOpaque(data!).takeUnretainedValue().handler(argument)
    }
}

private let returningBoolTrampoline: @convention(c) (UnsafeMutableRawPointer?, UnsafeMutableRawPointer?) -> gboolean = {
    _, data in
    nonisolated(unsafe) let data = data
    return MainActor.assumeIsolated {
        Unmanaged<SignalBox<ReturningBool>>.fromOpaque(data!).takeUnretainedValue().handler().g
    }
}

private let oneArgumentReturningIntTrampoline: @convention(c) (
    UnsafeMutableRawPointer?, UnsafeMutableRawPointer?, UnsafeMutableRawPointer?
) -> Int32 = { _, argument, data in
    nonisolated(unsafe) let (argument, data) = (argument, data)
    return MainActor.assumeIsolated {
        Unmanaged<SignalBox<OneArgumentReturningInt>>.fromOpaque(data!).takeUnretainedValue()
            .handler(argument)
    }
}

private let twoArgumentsTrampoline: @convention(c) (
    UnsafeMutableRawPointer?, UnsafeMutableRawPointer?, UnsafeMutableRawPointer?, UnsafeMutableRawPointer?
) -> Void = { _, first, second, data in
    nonisolated(unsafe) let (first, second, data) = (first, second, data)
    MainActor.assumeIsolated {
        Unmanaged<SignalBox<TwoArguments>>.fromOpaque(data!).takeUnretainedValue().handler(first, second)
    }
}

private let intArgumentTrampoline: @convention(c) (UnsafeMutableRawPointer?, Int32, UnsafeMutableRawPointer?) -> Void = {
    _, value, data in
    nonisolated(unsafe) let data = data
    MainActor.assumeIsolated {
        Unmanaged<SignalBox<IntArgument>>.fromOpaque(data!).takeUnretainedValue().handler(value)
    }
}

private let uintArgumentTrampoline: @convention(c) (UnsafeMutableRawPointer?, UInt32, UnsafeMutableRawPointer?) -> Void = {
    _, value, data in
    nonisolated(unsafe) let data = data
    MainActor.assumeIsolated {
        Unmanaged<SignalBox<UIntArgument>>.fromOpaque(data!).takeUnretainedValue().handler(value)
    }
}

private let pressedTrampoline: @convention(c) (
    UnsafeMutableRawPointer?, Int32, Double, Double, UnsafeMutableRawPointer?
) -> Void = { _, presses, x, y, data in
    nonisolated(unsafe) let data = data
    MainActor.assumeIsolated {
        Unmanaged<SignalBox<Pressed>>.fromOpaque(data!).takeUnretainedValue().handler(presses, x, y)
    }
}

private let keyPressedTrampoline: @convention(c) (
    UnsafeMutableRawPointer?, guint, guint, GdkModifierType, UnsafeMutableRawPointer?
) -> gboolean = { _, keyval, _, state, data in
    nonisolated(unsafe) let data = data
    return MainActor.assumeIsolated {
        Unmanaged<SignalBox<KeyPressed>>.fromOpaque(data!).takeUnretainedValue().handler(keyval, state.rawValue).g
    }
}

private let keyPressedWithCodeTrampoline: @convention(c) (
    UnsafeMutableRawPointer?, guint, guint, GdkModifierType, UnsafeMutableRawPointer?
) -> gboolean = { _, keyval, keycode, state, data in
    nonisolated(unsafe) let data = data
    return MainActor.assumeIsolated {
        Unmanaged<SignalBox<KeyPressedWithCode>>.fromOpaque(data!).takeUnretainedValue()
            .handler(keyval, keycode, state.rawValue).g
    }
}

private let insertTextTrampoline: @convention(c) (
    UnsafeMutableRawPointer?, UnsafeMutablePointer<GtkTextIter>?, UnsafePointer<CChar>?, Int32,
    UnsafeMutableRawPointer?
) -> Void = { _, location, text, length, data in
    nonisolated(unsafe) let (location, data) = (location, data)
    let inserted = text.map { String(decoding: UnsafeRawBufferPointer(start: $0, count: Int(length)), as: UTF8.self) } ?? ""
    MainActor.assumeIsolated {
        Unmanaged<SignalBox<InsertText>>.fromOpaque(data!).takeUnretainedValue().handler(location!, inserted)
    }
}

private let prepareTrampoline: @convention(c) (
    UnsafeMutableRawPointer?, Double, Double, UnsafeMutableRawPointer?
) -> UnsafeMutableRawPointer? = { _, x, y, data in
    nonisolated(unsafe) let data = data
    let provider = MainActor.assumeIsolated {
        UInt(bitPattern: Unmanaged<SignalBox<Prepare>>.fromOpaque(data!).takeUnretainedValue().handler(x, y))
    }
    return UnsafeMutableRawPointer(bitPattern: provider)
}

private let dropPositionTrampoline: @convention(c) (
    UnsafeMutableRawPointer?, UnsafeMutableRawPointer?, Double, Double, UnsafeMutableRawPointer?
) -> UInt32 = { _, drop, x, y, data in
    nonisolated(unsafe) let (drop, data) = (drop, data)
    return MainActor.assumeIsolated {
        guard let drop else { return 0 }
        return Unmanaged<SignalBox<DropPosition>>.fromOpaque(data!).takeUnretainedValue().handler(drop, x, y)
    }
}

private let positionTrampoline: @convention(c) (UnsafeMutableRawPointer?, Double, Double, UnsafeMutableRawPointer?) -> Void = {
    _, x, y, data in
    nonisolated(unsafe) let data = data
    MainActor.assumeIsolated {
        Unmanaged<SignalBox<Position>>.fromOpaque(data!).takeUnretainedValue().handler(x, y)
    }
}

private let openFilesTrampoline: @convention(c) (
    UnsafeMutableRawPointer?, UnsafeMutablePointer<OpaquePointer?>?, Int32, UnsafePointer<CChar>?,
    UnsafeMutableRawPointer?
) -> Void = { _, files, count, _, data in
    var paths: [String] = []
    for index in 0..<Int(count) {
        guard let file = files?[index], let path = g_file_get_path(file) else { continue }
        paths.append(String(cString: path))
        g_free(path)
    }
    nonisolated(unsafe) let data = data
    MainActor.assumeIsolated {
        Unmanaged<SignalBox<OpenFiles>>.fromOpaque(data!).takeUnretainedValue().handler(paths)
    }
}

private let fileChangedTrampoline: @convention(c) (
    UnsafeMutableRawPointer?, UnsafeMutableRawPointer?, UnsafeMutableRawPointer?, UInt32, UnsafeMutableRawPointer?
) -> Void = { _, _, _, event, data in
    nonisolated(unsafe) let data = data
    MainActor.assumeIsolated {
        Unmanaged<SignalBox<FileChanged>>.fromOpaque(data!).takeUnretainedValue().handler(event)
    }
}

extension GObjectPointer {
    /// GFileMonitor::changed: the GFileMonitorEvent.
    @MainActor @discardableResult
    func connectFileChanged(_ handler: @escaping @MainActor (UInt32) -> Void) -> gulong {
        connect("changed", SignalBox<FileChanged>(handler), fileChangedTrampoline)
    }

    /// GtkDragSource::prepare: the content of a drag starting at a position, or nil for no
    /// drag. The provider returned is the drag's (transfer full).
    @MainActor @discardableResult
    func connectPrepare(_ handler: @escaping @MainActor (Double, Double) -> UnsafeMutablePointer<GdkContentProvider>?) -> gulong {
        connect("prepare", SignalBox<Prepare>(handler), prepareTrampoline)
    }

    /// GtkDropTargetAsync::drag-enter and ::drag-motion: the GdkDrop and the position; returns
    /// the GdkDragAction to show.
    @MainActor @discardableResult
    func connectDropMotion(_ signal: String, _ handler: @escaping @MainActor (UnsafeMutableRawPointer, Double, Double) -> UInt32) -> gulong {
        connect(signal, SignalBox<DropPosition>(handler), dropPositionTrampoline)
    }

    /// GtkDropTargetAsync::drop: the GdkDrop and the position; true when the drop is taken.
    @MainActor @discardableResult
    func connectDrop(_ handler: @escaping @MainActor (UnsafeMutableRawPointer, Double, Double) -> Bool) -> gulong {
        connect("drop", SignalBox<DropPosition> { drop, x, y in handler(drop, x, y) ? 1 : 0 }, dropPositionTrampoline)
    }

    /// For signals that give a position (GtkDropControllerMotion::enter and ::motion, …).
    @MainActor @discardableResult
    func connectPosition(_ signal: String, _ handler: @escaping @MainActor (Double, Double) -> Void) -> gulong {
        connect(signal, SignalBox<Position>(handler), positionTrampoline)
    }

    /// GApplication::open: the paths of the files given.
    @MainActor @discardableResult
    func connectOpen(_ handler: @escaping @MainActor ([String]) -> Void) -> gulong {
        connect("open", SignalBox<OpenFiles>(handler), openFilesTrampoline)
    }

    /// For signals whose handler takes two pointers after the instance
    /// (GtkTextBuffer::delete-range, GtkTextBuffer::mark-set, …).
    @MainActor @discardableResult
    func connect(
        _ signal: String, after: Bool = false,
        _ handler: @escaping @MainActor (UnsafeMutableRawPointer?, UnsafeMutableRawPointer?) -> Void
    ) -> gulong {
        connect(signal, SignalBox<TwoArguments>(handler), twoArgumentsTrampoline, after: after)
    }

    /// For signals whose handler takes one int (GtkNativeDialog::response, …).
    @MainActor @discardableResult
    func connectInt(_ signal: String, _ handler: @escaping @MainActor (Int32) -> Void) -> gulong {
        connect(signal, SignalBox<IntArgument>(handler), intArgumentTrampoline)
    }

    /// For signals whose handler takes one unsigned int (GtkListView::activate, …).
    @MainActor @discardableResult
    func connectUInt(_ signal: String, _ handler: @escaping @MainActor (UInt32) -> Void) -> gulong {
        connect(signal, SignalBox<UIntArgument>(handler), uintArgumentTrampoline)
    }

    /// GtkGestureClick::pressed: number of presses and the position.
    @MainActor @discardableResult
    func connectPressed(_ handler: @escaping @MainActor (Int32, Double, Double) -> Void) -> gulong {
        connect("pressed", SignalBox<Pressed>(handler), pressedTrampoline)
    }

    /// GtkEventControllerKey::key-pressed: the key and the modifiers; true stops it.
    @MainActor @discardableResult
    func connectKeyPressed(_ handler: @escaping @MainActor (_ keyval: UInt32, _ state: UInt32) -> Bool) -> gulong {
        connect("key-pressed", SignalBox<KeyPressed>(handler), keyPressedTrampoline)
    }

    /// GtkEventControllerKey::key-pressed with the hardware keycode too.
    @MainActor @discardableResult
    func connectKeyPressed(
        _ handler: @escaping @MainActor (_ keyval: UInt32, _ keycode: UInt32, _ state: UInt32) -> Bool
    ) -> gulong {
        connect("key-pressed", SignalBox<KeyPressedWithCode>(handler), keyPressedWithCodeTrampoline)
    }

    /// GtkTextBuffer::insert-text, with the text decoded.
    @MainActor @discardableResult
    func connectInsertText(
        after: Bool = false, _ handler: @escaping @MainActor (UnsafeMutablePointer<GtkTextIter>, String) -> Void
    ) -> gulong {
        connect("insert-text", SignalBox<InsertText>(handler), insertTextTrampoline, after: after)
    }

    @MainActor @discardableResult
    func connect(_ signal: String, _ handler: @escaping @MainActor () -> Void) -> gulong {
        connect(signal, SignalBox<NoArgument>(handler), noArgumentTrampoline)
    }

    /// For signals whose handler takes one pointer argument after the instance
    /// (GSimpleAction::activate, GtkListBox::row-selected, GObject::notify, …).
    @MainActor @discardableResult
    func connect(_ signal: String, _ handler: @escaping @MainActor (UnsafeMutableRawPointer?) -> Void) -> gulong {
        connect(signal, SignalBox<OneArgument>(handler), oneArgumentTrampoline)
    }

    /// For signals that return a gboolean (GtkWindow::close-request, …).
    @MainActor @discardableResult
    func connectReturningBool(_ signal: String, _ handler: @escaping @MainActor () -> Bool) -> gulong {
        connect(signal, SignalBox<ReturningBool>(handler), returningBoolTrampoline)
    }

    /// For signals that take one pointer and return an int (GApplication::handle-local-options).
    @MainActor @discardableResult
    func connectReturningInt(
        _ signal: String, _ handler: @escaping @MainActor (UnsafeMutableRawPointer?) -> Int32
    ) -> gulong {
        connect(signal, SignalBox<OneArgumentReturningInt>(handler), oneArgumentReturningIntTrampoline)
    }

    private func connect<Handler, Trampoline>(
        _ signal: String, _ box: SignalBox<Handler>, _ trampoline: Trampoline, after: Bool = false
    ) -> gulong {
        g_signal_connect_data(
            raw, signal, unsafeBitCast(trampoline, to: GCallback.self),
            Unmanaged.passRetained(box).toOpaque(), releaseBox,
            after ? G_CONNECT_AFTER : GConnectFlags(rawValue: 0))
    }
}
