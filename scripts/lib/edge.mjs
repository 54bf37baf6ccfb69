// The edge cache of `npm run start:prod` (ADR 0024): Varnish 7 with the xkey vmod, running
// deploy/varnish/shop.vcl in front of the storefront instances.
import { spawnSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { installIfMissing, runs } from './debian.mjs';
import { repoRoot } from './processes.mjs';

export const vclDir = join(repoRoot, 'deploy/varnish');

/**
 * Varnish's limits for the shop: a page carries up to 128 tags of up to 256 characters (`xkey`),
 * a purge 50; the defaults (8 KB of headers) would refuse both. Idle backend connections are
 * dropped after 4 s, before the storefront closes them (its keep-alive timeout is 65 s): reusing
 * one that Node was closing answered a POST with 503 in the soak (its body, not kept, cannot be
 * sent again).
 */
export const VARNISH_PARAMS = [
  'backend_idle_timeout=4',
  'http_resp_hdr_len=65536',
  'http_resp_size=131072',
  'http_req_hdr_len=65536',
  'http_req_size=131072',
  'workspace_backend=256k',
  'workspace_client=256k',
];

/** `shop-site.vcl`: the storefront instances, probed on /internal/health, and who may purge. */
export function siteVcl({ backends, purgers = ['127.0.0.1', '::1'] }) {
  const backend = ({ host, port }, i) => `backend storefront${i + 1} {
  .host = "${host}";
  .port = "${port}";
  .connect_timeout = 1s;
  .first_byte_timeout = 30s;
  .probe = { .url = "/internal/health"; .interval = 1s; .timeout = 1s; .window = 3; .threshold = 2; .initial = 2; }
}`;
  return `# Written by scripts/lib/edge.mjs for deploy/varnish/shop.vcl.
import directors;

${backends.map(backend).join('\n')}

acl purgers {
${purgers.map((address) => `  "${address}";`).join('\n')}
}

sub shop_site_init {
  new storefronts = directors.round_robin();
${backends.map((_, i) => `  storefronts.add_backend(storefront${i + 1});`).join('\n')}
}
`;
}

/** Compiles the VCL (which imports xkey) against a site file: proves varnishd and the vmod work. */
function compileVcl(siteDir) {
  const result = spawnSync('varnishd', ['-C', '-j', 'none', '-f', join(vclDir, 'shop.vcl'), '-p', `vcl_path=${siteDir}:${vclDir}:/usr/share/varnish/vcl`], {
    encoding: 'utf8',
  });
  if (result.status !== 0) throw new Error(`The edge cache's VCL does not compile:\n${result.stderr}`);
}

/**
 * Checks Varnish and xkey, installing the Debian packages (varnish, varnish-modules) when they
 * are missing and this user may (root with apt-get); otherwise says what to install.
 */
export function ensureVarnish(siteDir) {
  installIfMissing({ name: 'Varnish 7', packages: ['varnish', 'varnish-modules'], present: () => runs('varnishd', ['-V']) });
  compileVcl(siteDir);
}

/**
 * The varnishd command line, in the foreground (it ends with its parent), on `port` in front of
 * `backends`, with its working files under `workDir`; writes the site VCL and checks Varnish first.
 */
export function edgeCommand({ port, host = '0.0.0.0', backends, workDir, memoryMb = 256 }) {
  const siteDir = join(workDir, 'vcl');
  mkdirSync(siteDir, { recursive: true });
  writeFileSync(join(siteDir, 'shop-site.vcl'), siteVcl({ backends }));
  ensureVarnish(siteDir);
  // No jail: varnishd runs as this user, who owns workDir (under root, the jail's own users
  // could not read a private temporary directory).
  const args = [
    '-F',
    '-j', 'none',
    '-n', join(workDir, 'varnish'),
    '-a', `${host}:${port}`,
    '-T', 'none',
    '-f', join(vclDir, 'shop.vcl'),
    '-p', `vcl_path=${siteDir}:${vclDir}:/usr/share/varnish/vcl`,
    '-s', `malloc,${memoryMb}m`,
    ...VARNISH_PARAMS.flatMap((param) => ['-p', param]),
  ];
  return { command: 'varnishd', args };
}

/**
 * The edge's access log (ADR 0033): one JSON line per client request, as the storefront and the
 * API write theirs, with the request id the VCL made or kept. The path is logged without its
 * query (tokens) and with e-mail addresses masked (the VCL's `path` log record); no cookie, no
 * client address. `cache` is Varnish's handling: hit, miss, pass, synth.
 */
export const ACCESS_LOG_FORMAT =
  '{"time":"%{%Y-%m-%dT%H:%M:%S%z}t","level":"info","service":"edge","reqId":"%{X-Request-Id}i","method":"%m","path":"%{VCL_Log:path}x","status":%s,"ms":%{ms}T,"cache":"%{Varnish:handling}x"}';

/** varnishncsa on the edge started by edgeCommand (its working directory under `workDir`), writing ACCESS_LOG_FORMAT to standard output; the topology's own probe is left out. */
export function accessLogCommand({ workDir }) {
  return {
    command: 'varnishncsa',
    args: ['-n', join(workDir, 'varnish'), '-j', '-F', ACCESS_LOG_FORMAT, '-q', 'ReqURL ne "/internal/edge-health"'],
  };
}
