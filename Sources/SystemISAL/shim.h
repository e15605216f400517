// ISA-L's igzip (Intel's Intelligent Storage Acceleration Library): the deflate that compresses a frame's bands.
#include <isa-l/igzip_lib.h>
