// The ALTCHA widget's PBKDF2 solver, bundled as a same-origin worker (the CSP allows workers from
// 'self' only, not the blob: workers of the widget's default bundle).
import 'altcha/workers/pbkdf2';
