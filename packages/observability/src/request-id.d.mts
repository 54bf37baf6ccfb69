export declare const REQUEST_ID_HEADER: 'x-request-id';
/** The id a request came with when it is one a log may hold, else a new one (a UUID). */
export declare function requestIdOf(value: string | string[] | undefined): string;
/** The `tracestate` value carrying a request id (Next's data cache leaves tracestate out of its key). */
export declare function requestIdTraceState(id: string): string;
/** The request id a `tracestate` header carries, or undefined. */
export declare function requestIdFromTraceState(value: string | string[] | undefined): string | undefined;
