/**
 * Who may talk to a server (DESIGN.md §7). Two browser attacks matter for a local code server:
 * DNS rebinding (a hostile page whose domain now resolves to 127.0.0.1 — caught by the Host header, which
 * still names the hostile domain) and cross-origin calls from an open tab (caught by the Origin header).
 * Non-browser clients (curl, fetch in Node, agents) send no Origin and a loopback or IP Host, so they pass.
 */
import os from 'node:os';
import net from 'node:net';

export interface AccessPolicyOptions {
  /** The address the server is bound to (loopback, 0.0.0.0, a LAN address, a hostname). */
  bindHost: string;
  /** Whether browser pages on localhost origins may call (web-UI server: yes; eval server: no). */
  allowLocalhostOrigins: boolean;
  /** Further browser origins allowed to call, e.g. the `--web-ui-url` origin. */
  origins?: string[];
}

export interface AccessPolicy {
  /** True when the Host header may reach this server (absent Host: a non-browser client, allowed). */
  hostAllowed(hostHeader: string | undefined): boolean;
  /** True when a browser page of this Origin may call (the header's exact value). */
  originAllowed(origin: string): boolean;
}

/** True for names and literals that always mean this machine: localhost, *.localhost, 127/8, ::1. */
export function isLoopbackHost(hostname: string): boolean {
  const h = normaliseHostname(hostname);
  if (h === 'localhost' || h.endsWith('.localhost')) return true;
  if (net.isIPv4(h)) return h.startsWith('127.');
  if (net.isIPv6(h)) return h === '::1' || h === '0:0:0:0:0:0:0:1' || /^::ffff:127\./.test(h);
  return false;
}

/** Builds the Host/Origin rules for a server bound to `bindHost`. */
export function accessPolicy(options: AccessPolicyOptions): AccessPolicy {
  const loopbackOnly = isLoopbackHost(options.bindHost);
  const bindName = normaliseHostname(options.bindHost);
  // Bound beyond loopback, other devices address us by IP literal (never rebindable) or by our host name.
  const ownNames = new Set<string>();
  if (!loopbackOnly) {
    const hn = os.hostname().toLowerCase();
    ownNames.add(hn);
    ownNames.add(`${hn.split('.')[0]}.local`);
    if (!net.isIP(bindName) && bindName !== '') ownNames.add(bindName);
  }
  const origins = new Set((options.origins ?? []).map((o) => originOf(o)).filter((o): o is string => o !== undefined));

  return {
    hostAllowed(hostHeader) {
      if (hostHeader === undefined) return true;
      const name = hostnameOfHostHeader(hostHeader);
      if (name === undefined) return false;
      if (isLoopbackHost(name)) return true;
      if (loopbackOnly) return false;
      return net.isIP(name) !== 0 || ownNames.has(name);
    },
    originAllowed(origin) {
      const o = originOf(origin);
      if (o === undefined) return false; // 'null' (sandboxed frames, file://) and garbage
      if (origins.has(o)) return true;
      if (!options.allowLocalhostOrigins) return false;
      const url = new URL(o);
      return (url.protocol === 'http:' || url.protocol === 'https:') && isLoopbackHost(url.hostname);
    },
  };
}

/** The hostname part of a Host header (`name:port`, `[v6]:port`), lower case; undefined when malformed. */
export function hostnameOfHostHeader(header: string): string | undefined {
  const h = header.trim();
  if (h === '') return undefined;
  if (h.startsWith('[')) {
    const end = h.indexOf(']');
    if (end < 0) return undefined;
    const rest = h.slice(end + 1);
    if (rest !== '' && !/^:\d{1,5}$/.test(rest)) return undefined;
    return normaliseHostname(h.slice(1, end));
  }
  const m = /^([^:\s/@]+)(?::(\d{1,5}))?$/.exec(h);
  return m ? normaliseHostname(m[1]) : undefined;
}

/** `scheme://host[:port]` of a URL or origin string, or undefined when it is not one. */
export function originOf(value: string): string | undefined {
  if (value === 'null') return undefined;
  try {
    const url = new URL(value);
    if (url.origin === 'null') return undefined;
    return url.origin;
  } catch {
    return undefined;
  }
}

function normaliseHostname(h: string): string {
  let s = h.toLowerCase();
  if (s.startsWith('[') && s.endsWith(']')) s = s.slice(1, -1);
  return s.endsWith('.') ? s.slice(0, -1) : s;
}

/** The warning to print when a server is bound beyond loopback, or undefined when it is not. */
export function exposureWarning(bindHost: string): string | undefined {
  if (isLoopbackHost(bindHost)) return undefined;
  return `warning: listening on ${bindHost}, beyond this machine: any device that can reach it can read the indexed code and run rename. Use only on a trusted network.`;
}
