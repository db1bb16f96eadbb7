#define NSTOOLS_VERSION "0.2~git546.g0d8c05c.dirty"
