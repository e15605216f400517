#include "cprocess.h"

#include <errno.h>

#ifdef __linux__
#include <sys/prctl.h>
#ifndef PR_SET_THP_DISABLE
#define PR_SET_THP_DISABLE 41
#define PR_GET_THP_DISABLE 42
#endif
#endif

int cprocess_set_thp_disabled(int disabled) {
#ifdef __linux__
    return prctl(PR_SET_THP_DISABLE, disabled ? 1 : 0, 0, 0, 0);
#else
    (void)disabled;
    errno = ENOSYS;
    return -1;
#endif
}

int cprocess_thp_disabled(void) {
#ifdef __linux__
    return prctl(PR_GET_THP_DISABLE, 0, 0, 0, 0);
#else
    errno = ENOSYS;
    return -1;
#endif
}
