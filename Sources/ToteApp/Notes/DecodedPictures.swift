// SPDX-License-Identifier: GPL-3.0-or-later
import CAdw

/// Pictures decoded lately, by file and decoded width: a picture shown again (moved within
/// its note, dropped as a copy, its note opened again) appears at once at its own size,
/// rather than as a 160 × 120 stand-in that grows when it has been decoded again (another
/// layout of the note). Media files are named by their content, so a path never changes
/// what it holds. Bounded by the bytes of the textures kept, least recently used first out.
@MainActor
final class DecodedPictures {
    static let shared = DecodedPictures(budget: 64 << 20)

    struct Picture {
        /// A GdkTexture, one reference held by the cache.
        let texture: OpaquePointer
        /// The picture's own size, as its header gives it.
        let width: Int
        let height: Int
        let bytes: Int
    }

    private struct Key: Hashable {
        let path: String
        let decodedWidth: Int32
    }

    let budget: Int
    private var pictures: [Key: Picture] = [:]
    /// Least recently used first.
    private var order: [Key] = []
    private(set) var bytes = 0

    init(budget: Int) {
        self.budget = budget
    }

    isolated deinit {
        for picture in pictures.values { g_object_unref(UnsafeMutableRawPointer(picture.texture)) }
    }

    func picture(path: String, decodedWidth: Int32) -> Picture? {
        let key = Key(path: path, decodedWidth: decodedWidth)
        guard let picture = pictures[key] else { return nil }
        order.removeAll { $0 == key }
        order.append(key)
        return picture
    }

    /// Keeps `texture` (taking a reference of its own), unless it alone is over the budget.
    func keep(_ texture: OpaquePointer, path: String, decodedWidth: Int32, width: Int, height: Int) {
        let key = Key(path: path, decodedWidth: decodedWidth)
        let size = Int(gdk_texture_get_width(texture)) * Int(gdk_texture_get_height(texture)) * 4
        guard pictures[key] == nil, size <= budget else { return }
        g_object_ref(UnsafeMutableRawPointer(texture))
        pictures[key] = Picture(texture: texture, width: width, height: height, bytes: size)
        order.append(key)
        bytes += size
        while bytes > budget, let oldest = order.first {
            order.removeFirst()
            guard let gone = pictures.removeValue(forKey: oldest) else { continue }
            bytes -= gone.bytes
            g_object_unref(UnsafeMutableRawPointer(gone.texture))
        }
    }

    var count: Int { pictures.count }
}
