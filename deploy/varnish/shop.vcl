vcl 4.1;
# The shop's edge cache (ADR 0024): Varnish 7 in front of the storefront instances. Public pages
# and public API reads are kept with the cache tags the storefront and the API send as `xkey`
# (the Next.js cache's own tags), until a catalogue change purges them (`PURGE` with
# `xkey-purge`, sent by the API after the storefronts). Anything that may be personal passes.
#
# The backends, their director and who may purge live in `shop-site.vcl`, found on vcl_path:
# `npm run start:prod` writes it for the instances it starts (scripts/lib/edge.mjs);
# docs/deploy.md shows one for separate servers.

import std;
import xkey;

include "shop-site.vcl";

sub vcl_init {
  call shop_site_init;
}

sub vcl_recv {
  set req.backend_hint = storefronts.backend();
  # Every request has an id, passed to the storefront (which passes it to the API) and answered
  # as X-Request-Id; the edge's access log (varnishncsa), the storefront's and the API's name it
  # (ADR 0033). A proxy in front may send its own; one a log could not hold safely is replaced.
  if (req.http.X-Request-Id !~ "^[A-Za-z0-9][A-Za-z0-9._:-]{0,127}$") {
    set req.http.X-Request-Id = server.identity + "-" + std.integer(time=now) + "-" + req.xid;
  }
  # What the access log names: the path without its query (tokens) or any e-mail address.
  std.log("path:" + regsuball(regsub(req.url, "\?.*$", ""), "[^/]*@[^/]*", ":email"));

  if (req.method == "PURGE") {
    if (client.ip !~ purgers) {
      return (synth(403, "Forbidden"));
    }
    if (!req.http.xkey-purge) {
      return (synth(400, "xkey-purge header required"));
    }
    set req.http.x-purged = xkey.purge(req.http.xkey-purge);
    return (synth(200, "Purged " + req.http.x-purged));
  }
  if (req.url == "/internal/edge-health") {
    return (synth(200, "OK"));
  }

  # Only reads may come from the cache; every write goes to the shop. The back office (/admin, its
  # API under /api/admin) is never kept, whatever its answers say (ADR 0029).
  if (req.method != "GET" && req.method != "HEAD" || req.url ~ "^/(api/)?admin([/?.]|$)") {
    return (pass);
  }
  # Files that are the same for everyone: a cookie the browser sends along changes nothing.
  if (req.url ~ "^/(_next/static|_next/image|media|fonts)/") {
    unset req.http.Cookie;
  }
  # The build's scripts and styles come in brotli to a browser that takes it (front-server.mjs):
  # that copy is kept apart from the gzip one (vcl_hash). Varnish itself asks its backends for
  # gzip only, so the fetch says brotli (vcl_backend_fetch).
  unset req.http.x-brotli;
  if (req.url ~ "^/_next/static/.+\.(js|css)(\?|$)" && req.http.Accept-Encoding ~ "(?i)(^|,)\s*br\s*(,|$)") {
    set req.http.x-brotli = "1";
  }
  # The cookie choice (bp_consent) and the analytics tag's own cookies are read in the browser
  # only: no page differs by them. They are dropped; any other cookie is kept, and passes below.
  if (req.http.Cookie) {
    set req.http.Cookie = regsuball("; " + req.http.Cookie, ";\s*(bp_consent|_ga[^=]*|_gid|_gat[^=]*|_gcl[^=]*|_gac[^=]*)=[^;]*", "");
    set req.http.Cookie = regsub(req.http.Cookie, "^[;\s]+", "");
    if (req.http.Cookie == "") {
      unset req.http.Cookie;
    }
  }
  # A customer's or a cart's token (header, query or any other cookie: the shop sets none itself)
  # makes the request personal; the storefront's own endpoints and client-side navigation (RSC
  # payloads, which vary with the router's state) go to the shop as well.
  if (req.http.Authorization || req.http.Cookie ||
      req.url ~ "[?&](token|cartId|cart_id|cartToken|customerToken|refreshToken)=" ||
      req.url ~ "^/internal/" ||
      req.http.rsc || req.http.next-router-prefetch || req.http.next-action || req.url ~ "[?&]_rsc=") {
    return (pass);
  }
  # While the shop answers, a copy past its time is refreshed first; while no instance answers
  # (a restart), copies are served for up to a day (the grace below).
  if (std.healthy(req.backend_hint)) {
    set req.grace = 10s;
  }
  return (hash);
}

sub vcl_hash {
  if (req.http.x-brotli) {
    hash_data("br");
  }
}

sub vcl_backend_fetch {
  if (bereq.http.x-brotli) {
    set bereq.http.Accept-Encoding = "br";
  }
}

sub vcl_backend_response {
  # Personal, private, failed or untagged answers are never kept: an HTML or JSON answer needs
  # its tags, or no catalogue change could ever purge it.
  if (beresp.status != 200 || beresp.http.Set-Cookie ||
      beresp.http.Cache-Control ~ "(?i)private|no-store|no-cache" ||
      beresp.http.Cache-Control !~ "(?i)public|s-maxage" ||
      (beresp.http.Content-Type ~ "(?i)html|json|xml|x-component" && !beresp.http.xkey)) {
    set beresp.uncacheable = true;
    set beresp.ttl = 30s;
    return (deliver);
  }
  set beresp.grace = 24h;
  return (deliver);
}

sub vcl_backend_error {
  # An instance that went away (restarted, killed) before the probes noticed: ask the next one.
  if (bereq.retries < 2) {
    return (retry);
  }
}

sub vcl_deliver {
  # This request's id, not the one a kept copy was first answered with.
  set resp.http.X-Request-Id = req.http.X-Request-Id;
  unset resp.http.xkey;
  unset resp.http.Via;
  unset resp.http.X-Varnish;
  if (obj.uncacheable) {
    set resp.http.x-edge-cache = "pass";
  } else if (obj.hits > 0) {
    set resp.http.x-edge-cache = "hit";
  } else {
    set resp.http.x-edge-cache = "miss";
  }
}

sub vcl_synth {
  set resp.http.Cache-Control = "no-store";
  set resp.http.X-Request-Id = req.http.X-Request-Id;
}
