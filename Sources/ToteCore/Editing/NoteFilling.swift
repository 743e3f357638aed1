/// A long note fills its view a slice at a time: the start at once, the rest between frames.
/// It can be edited meanwhile, because the view always holds the start of the text, so an
/// edit there is an edit of both. Only a key that may reach past what the view holds yet
/// has the rest filled in first: moving a line or a page down, anything with Ctrl or Alt
/// (Ctrl+End, Ctrl+A, commands over the whole note) and the context menu's keys.
public enum NoteFilling {
    /// Whether a key (named as GDK names keys: "a", "Down", "Page_Down") needs all of the note
    /// in the view before it is handled.
    public static func keyNeedsWholeNote(named name: String, control: Bool, alt: Bool) -> Bool {
        control || alt || reachingPastTheView.contains(name)
    }

    private static let reachingPastTheView: Set<String> = [
        "Down", "KP_Down", "Page_Down", "KP_Page_Down", "Next", "KP_Next", "Menu", "F10",
    ]
}
