#ifndef CPNG_H
#define CPNG_H
int cpng_placeholder(void);
#endif
