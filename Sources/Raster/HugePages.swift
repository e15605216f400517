#if os(Linux)
import Glibc
#endif

/// Asks the kernel to back a large, freshly allocated buffer with transparent huge pages (2 MiB on x86-64) where
/// it allows them (`/sys/kernel/mm/transparent_hugepage/enabled` set to `madvise`, as on Debian, or `always`);
/// elsewhere, and on other systems, it does nothing. Only a hint: no byte of any frame depends on it.
///
/// Why: a showcase render touches about 150 MB of frame buffers (two frame slots and the plane buffer at 47 MB
/// each, the PNG encoders' kept samples), and with 4 KiB pages their first touches were 312 of a render's 10,773
/// perf samples (2.9%, in `exc_page_fault`), and every later pass over them walks a page table 512 times larger.
/// With the advice the same binary took 0.92 of the CPU and of the wall time (`farm-bench -n 9`; the kernel's
/// zeroing of 2 MiB pages adds 0.11 s of system time over 120 frames; docs/performance.md, issue 25).
///
/// Call it before the first write: memory already touched keeps its small pages. `madvise` needs a page-aligned
/// start, so the advice covers the buffer's whole pages; a 2 MiB page is used only where an aligned 2 MiB range
/// lies inside it, so buffers below a few MiB gain nothing and are skipped.
public enum HugePages {
    /// Buffers smaller than this are left alone.
    public static let threshold = 4 << 20

    public static func advise(_ base: UnsafeMutableRawPointer, byteCount: Int) {
        #if os(Linux)
        guard byteCount >= threshold else { return }
        let page = max(4096, sysconf(Int32(_SC_PAGESIZE)))  // 16 or 64 KiB on some arm64 kernels
        let start = (Int(bitPattern: base) + page - 1) / page * page
        let end = (Int(bitPattern: base) + byteCount) / page * page
        guard end > start, let p = UnsafeMutableRawPointer(bitPattern: start) else { return }
        _ = madvise(p, end - start, MADV_HUGEPAGE)
        #endif
    }
}
