import Raster
import Foundation

/// Blocks of pixel memory handed out to lens windows (and their blur's scratch) and taken back, for any number
/// of threads at once.
///
/// Bounded: it keeps at most `blocks` blocks and `bytes` bytes (4 and 32 MB for `shared`); a block given back
/// beyond either bound frees the smallest blocks kept. Sizes are rounded up to 64 Ki pixels (1 MiB), so that a
/// window that grows or shrinks by a few rows from frame to frame (the showcase's moving controls) still fits
/// the block it had; a request takes the smallest kept block that fits, or new memory. A window's blur takes a
/// block for its scratch (the window's size and the kernel's reach twice more) and gives it back before the
/// window is done, so the showcase's two windows, made one after the other, reuse the same few blocks.
/// Sendable: the kept blocks are read and changed only inside their store's `access`.
package final class WindowMemory: @unchecked Sendable {
    package static let descriptor = KeptStoreDescriptor(
        "WindowMemory", place: "Glass/Window, process-wide (`WindowMemory.shared`)",
        holds: "pixel memory of lens windows and of their blur's scratch given back, for the next window (no pixel values are read from it)",
        key: "size (the smallest kept block that fits, in 1 MiB granules)",
        dropped: "beyond 4 blocks or 32 MB the smallest go",
        bound: "32 MB", fixedBytes: Double(32 << 20))

    static let shared = WindowMemory(blocks: 4, bytes: 32 << 20)

    /// Pixels per rounding step: 1 MiB of SIMD4<Float>.
    static let granule = 1 << 16

    typealias Block = (base: UnsafeMutablePointer<SIMD4<Float>>, capacity: Int)

    /// The blocks kept, largest first; each is in the pool or with one window, never both.
    struct Blocks: KeptValue {
        var kept: [Block] = []
        mutating func dropKept() {
            for k in kept { UnsafeMutableRawPointer(k.base).deallocate() }
            kept = []
        }
    }

    let blockLimit: Int, byteLimit: Int
    let store: KeptStore<Blocks>

    init(blocks: Int, bytes: Int) {
        (blockLimit, byteLimit) = (blocks, bytes)
        store = KeptStore(Self.descriptor, keeping: .everything, Blocks())
    }

    deinit { store.forget() }

    /// Memory for at least `count` pixels (at least one), 64-byte aligned, and its capacity.
    func take(_ count: Int) -> (UnsafeMutablePointer<SIMD4<Float>>, capacity: Int) {
        let found: Block? = store.access { b in
            guard let i = b.kept.indices.filter({ b.kept[$0].capacity >= count }).min(by: { b.kept[$0].capacity < b.kept[$1].capacity })
            else { return nil }
            return b.kept.remove(at: i)
        }
        if let found { return (found.base, found.capacity) }
        let capacity = (max(count, 1) + Self.granule - 1) / Self.granule * Self.granule
        let raw = UnsafeMutableRawPointer.allocate(byteCount: capacity * MemoryLayout<SIMD4<Float>>.stride, alignment: 64)
        return (raw.bindMemory(to: SIMD4<Float>.self, capacity: capacity), capacity)
    }

    /// Takes back memory from `take`.
    func give(_ base: UnsafeMutablePointer<SIMD4<Float>>, capacity: Int) {
        let freed: [UnsafeMutablePointer<SIMD4<Float>>] = store.access { b in
            b.kept.append((base, capacity))
            b.kept.sort { $0.capacity > $1.capacity }
            var out: [UnsafeMutablePointer<SIMD4<Float>>] = []
            while b.kept.count > blockLimit || bytes(b.kept) > byteLimit { out.append(b.kept.removeLast().base) }
            return out
        }
        for p in freed { UnsafeMutableRawPointer(p).deallocate() }
    }

    func bytes(_ blocks: [Block]) -> Int {
        blocks.reduce(0) { $0 + $1.capacity } * MemoryLayout<SIMD4<Float>>.stride
    }
}
