// Next's ambient types (next-env.d.ts is generated per build directory and not committed).
/// <reference types="next" />
/// <reference types="next/image-types/global" />
