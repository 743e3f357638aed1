/// What a drop does with what was dragged.
public enum DropAction: Hashable, Sendable {
    case copy
    case move
}
