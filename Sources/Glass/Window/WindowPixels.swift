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
