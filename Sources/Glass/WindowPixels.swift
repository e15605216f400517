import Foundation

/// The pixels of a lens window (`Window`), in memory kept from one frame to the next.
///
/// A showcase frame copies 12 MB of the plane into two windows; as fresh arrays that was an mmap and a page fault
/// per 4 KiB page, every frame (about 1.1% of a showcase render's CPU, 0.4 ms a frame, in the kernel). Here the
/// memory comes from `WindowMemory.shared` and goes back to it when the last copy of the window is gone, so after
/// the first frame a window lands in pages that are already mapped.
///
/// Value semantics: copies share the memory until one of them is written (copy on write), as with an array.
/// The memory a window is given holds whatever an earlier window left there: `init(count:initializingWith:)`
/// must write every element (WindowTests check a window made in such memory against fresh arrays).
struct WindowPixels: Sendable {
    private var block: Block
    var count: Int { block.count }

    /// `count` pixels, every one written by `body`, in memory from `memory`.
    init(count: Int, memory: WindowMemory = .shared, initializingWith body: (UnsafeMutableBufferPointer<SIMD4<Float>>) -> Void) {
        block = Block(count: count, memory: memory)
        body(UnsafeMutableBufferPointer(start: block.base, count: count))
    }

    init(_ values: [SIMD4<Float>]) {
        self.init(count: values.count) { dst in _ = dst.initialize(from: values) }
    }

    /// Scoped read access for kernels. The pointer must not escape `body`.
    func withUnsafeBufferPointer<R>(_ body: (UnsafeBufferPointer<SIMD4<Float>>) throws -> R) rethrows -> R {
        try body(UnsafeBufferPointer(start: block.base, count: block.count))
    }

    /// Scoped write access for kernels; the memory is copied first if another window shares it.
    mutating func withUnsafeMutableBufferPointer<R>(_ body: (UnsafeMutableBufferPointer<SIMD4<Float>>) throws -> R) rethrows -> R {
        if !isKnownUniquelyReferenced(&block) {
            let old = block
            block = Block(count: old.count, memory: old.memory)
            block.base.update(from: old.base, count: old.count)
        }
        return try body(UnsafeMutableBufferPointer(start: block.base, count: block.count))
    }

    /// A copy in an array (tests compare windows through it).
    var array: [SIMD4<Float>] { withUnsafeBufferPointer { Array($0) } }

    /// One window's memory, given back to the pool when the last window holding it goes. Sendable because its
    /// memory is only written through `withUnsafeMutableBufferPointer`, which copies it first unless this
    /// window holds the only reference.
    private final class Block: @unchecked Sendable {
        let base: UnsafeMutablePointer<SIMD4<Float>>
        let count: Int
        let memory: WindowMemory
        private let capacity: Int

        init(count: Int, memory: WindowMemory) {
            (base, capacity) = memory.take(count)
            (self.count, self.memory) = (count, memory)
        }

        deinit { memory.give(base, capacity: capacity) }
    }
}

/// Blocks of pixel memory handed out to lens windows and taken back, for any number of threads at once.
///
/// Bounded: it keeps at most `blocks` blocks and `bytes` bytes (4 and 32 MB for `shared`); a block given back
/// beyond either bound frees the smallest blocks kept. Sizes are rounded up to 64 Ki pixels (1 MiB), so that a
/// window that grows or shrinks by a few rows from frame to frame (the showcase's moving controls) still fits
/// the block it had; a request takes the smallest kept block that fits, or new memory. The showcase at scale 3
/// keeps one block of 7 MiB: its two windows are made one after the other, and the second takes the first's.
final class WindowMemory: @unchecked Sendable {
    static let shared = WindowMemory(blocks: 4, bytes: 32 << 20)

    /// Pixels per rounding step: 1 MiB of SIMD4<Float>.
    static let granule = 1 << 16

    let blockLimit: Int, byteLimit: Int
    private let lock = NSLock()
    private var kept: [(base: UnsafeMutablePointer<SIMD4<Float>>, capacity: Int)] = []

    init(blocks: Int, bytes: Int) {
        (blockLimit, byteLimit) = (blocks, bytes)
    }

    deinit { for k in kept { UnsafeMutableRawPointer(k.base).deallocate() } }

    /// Memory for at least `count` pixels (at least one), 64-byte aligned, and its capacity.
    func take(_ count: Int) -> (UnsafeMutablePointer<SIMD4<Float>>, capacity: Int) {
        let found: (base: UnsafeMutablePointer<SIMD4<Float>>, capacity: Int)? = lock.withLock {
            guard let i = kept.indices.filter({ kept[$0].capacity >= count }).min(by: { kept[$0].capacity < kept[$1].capacity })
            else { return nil }
            return kept.remove(at: i)
        }
        if let found { return (found.base, found.capacity) }
        let capacity = (max(count, 1) + Self.granule - 1) / Self.granule * Self.granule
        let raw = UnsafeMutableRawPointer.allocate(byteCount: capacity * MemoryLayout<SIMD4<Float>>.stride, alignment: 64)
        return (raw.bindMemory(to: SIMD4<Float>.self, capacity: capacity), capacity)
    }

    /// Takes back memory from `take`.
    func give(_ base: UnsafeMutablePointer<SIMD4<Float>>, capacity: Int) {
        let freed: [UnsafeMutablePointer<SIMD4<Float>>] = lock.withLock {
            kept.append((base, capacity))
            kept.sort { $0.capacity > $1.capacity }
            var out: [UnsafeMutablePointer<SIMD4<Float>>] = []
            while kept.count > blockLimit || bytes(kept) > byteLimit { out.append(kept.removeLast().base) }
            return out
        }
        for p in freed { UnsafeMutableRawPointer(p).deallocate() }
    }

    /// What is kept now (tests check the bounds).
    var keptBlocks: Int { lock.withLock { kept.count } }
    var keptBytes: Int { lock.withLock { bytes(kept) } }

    private func bytes(_ blocks: [(base: UnsafeMutablePointer<SIMD4<Float>>, capacity: Int)]) -> Int {
        blocks.reduce(0) { $0 + $1.capacity } * MemoryLayout<SIMD4<Float>>.stride
    }
}
