//! A cache hint for the search's inner loops.

/// Asks the processor to start loading the cache line at `at` (any address: a hint reads
/// nothing the program sees and cannot fault). A no-op off x86-64.
#[inline(always)]
pub(crate) fn prefetch<T>(at: *const T) {
    #[cfg(target_arch = "x86_64")]
    // SAFETY: `prefetcht0` only warms the cache; it never faults, whatever the address.
    #[allow(unsafe_code)]
    unsafe {
        std::arch::x86_64::_mm_prefetch::<{ std::arch::x86_64::_MM_HINT_T0 }>(at as *const i8)
    };
    #[cfg(not(target_arch = "x86_64"))]
    let _ = at;
}
