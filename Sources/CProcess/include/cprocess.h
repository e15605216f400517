/*
 * cprocess: the process controls Swift cannot call, because their C API is variadic (prctl).
 */
#ifndef CPROCESS_H
#define CPROCESS_H

/*
 * Sets (1) or clears (0) this process's "transparent huge pages disabled" flag (Linux's PR_SET_THP_DISABLE). A
 * child started while it is set keeps it across exec. 0 on success; -1 where the kernel has no such flag (or the
 * platform is not Linux), with errno set.
 */
int cprocess_set_thp_disabled(int disabled);

/* This process's flag: 1 set, 0 clear, -1 unknown. */
int cprocess_thp_disabled(void);

#endif
