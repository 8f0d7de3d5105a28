import { lookup as dnsLookup } from 'node:dns/promises';
import { isIP } from 'node:net';
import { detailMessages } from '../../i18n/messages.ts';

/** Why a callback URL is refused: a detail message and its parameters. */
export class UrlRefused extends Error {
  constructor(
    readonly detail: 'ERP_URL_HTTPS' | 'ERP_URL_CREDENTIALS' | 'ERP_URL_UNRESOLVED' | 'ERP_URL_BLOCKED',
    readonly params: Record<string, string> = {},
    /** The name does not exist (or nothing answers for it): sending again will not help. */
    readonly definitive = true,
  ) {
    super(detail);
  }
  /** The reason in pt-BR (the delivery log, the 400's detail). */
  get text(): string {
    return detailMessages[this.detail]['pt-BR'].replace(/\{(\w+)\}/g, (_, k: string) => this.params[k] ?? '');
  }
}

type V4Range = [base: number, bits: number, name: string];
const v4 = (a: string): number => a.split('.').reduce((n, octet) => n * 256 + Number(octet), 0);
const range4 = (cidr: string, name: string): V4Range => {
  const [base, bits] = cidr.split('/') as [string, string];
  return [v4(base), Number(bits), name];
};

/** IPv4 ranges no callback may reach (RFC 6890 special-purpose blocks, multicast, reserved). */
const BLOCKED_V4: V4Range[] = [
  range4('0.0.0.0/8', 'rede "esta"'),
  range4('10.0.0.0/8', 'rede privada'),
  range4('100.64.0.0/10', 'NAT de operadora'),
  range4('127.0.0.0/8', 'loopback'),
  range4('169.254.0.0/16', 'link-local'),
  range4('172.16.0.0/12', 'rede privada'),
  range4('192.0.0.0/24', 'reservado IETF'),
  range4('192.0.2.0/24', 'documentação'),
  range4('192.88.99.0/24', 'reservado'),
  range4('192.168.0.0/16', 'rede privada'),
  range4('198.18.0.0/15', 'testes de rede'),
  range4('198.51.100.0/24', 'documentação'),
  range4('203.0.113.0/24', 'documentação'),
  range4('224.0.0.0/4', 'multicast'),
  range4('240.0.0.0/4', 'reservado'),
];

function blockedV4(address: string): string | null {
  const n = v4(address);
  for (const [base, bits, name] of BLOCKED_V4) {
    const size = 2 ** (32 - bits);
    if (n >= base && n < base + size) return name;
  }
  return null;
}

/** An IPv6 address as its 8 groups (an embedded dotted IPv4 tail read as two groups); null when malformed. */
export function ipv6Groups(address: string): number[] | null {
  let text = address.toLowerCase().replace(/^\[|\]$/g, '').split('%')[0]!;
  const dotted = /(\d{1,3}(?:\.\d{1,3}){3})$/.exec(text);
  if (dotted) {
    const n = v4(dotted[1]!);
    text = `${text.slice(0, dotted.index)}${(n >>> 16).toString(16)}:${(n & 0xffff).toString(16)}`;
  }
  const halves = text.split('::');
  if (halves.length > 2) return null;
  const part = (s: string) => (s === '' ? [] : s.split(':').map((g) => parseInt(g, 16)));
  const head = part(halves[0]!);
  const tail = halves.length === 2 ? part(halves[1]!) : [];
  const fill = halves.length === 2 ? 8 - head.length - tail.length : 0;
  const groups = [...head, ...Array<number>(Math.max(fill, 0)).fill(0), ...tail];
  return groups.length === 8 && groups.every((g) => Number.isInteger(g) && g >= 0 && g <= 0xffff) ? groups : null;
}

const embeddedV4 = (g: number[]) => `${g[6]! >> 8}.${g[6]! & 0xff}.${g[7]! >> 8}.${g[7]! & 0xff}`;

function blockedV6(address: string): string | null {
  const g = ipv6Groups(address);
  if (!g) return 'endereço inválido';
  const zeroUpTo = (n: number) => g.slice(0, n).every((x) => x === 0);
  if (zeroUpTo(8)) return 'não especificado';
  if (zeroUpTo(7) && g[7] === 1) return 'loopback';
  // IPv4-mapped (::ffff:a.b.c.d), IPv4-compatible (::a.b.c.d) and NAT64 (64:ff9b::a.b.c.d): judged by the IPv4 inside.
  if (zeroUpTo(5) && g[5] === 0xffff) return blockedV4(embeddedV4(g));
  if (zeroUpTo(6)) return blockedV4(embeddedV4(g)) ?? 'IPv4 compatível (obsoleto)';
  if (g[0] === 0x64 && g[1] === 0xff9b && g.slice(2, 6).every((x) => x === 0)) return blockedV4(embeddedV4(g));
  if ((g[0]! & 0xffc0) === 0xfe80) return 'link-local';
  if ((g[0]! & 0xffc0) === 0xfec0) return 'site-local';
  if ((g[0]! & 0xfe00) === 0xfc00) return 'endereço local único';
  if ((g[0]! & 0xff00) === 0xff00) return 'multicast';
  if (g[0] === 0x2001 && g[1] === 0x0db8) return 'documentação';
  // 6to4 carries an IPv4 in its second and third groups.
  if (g[0] === 0x2002) return blockedV4(`${g[1]! >> 8}.${g[1]! & 0xff}.${g[2]! >> 8}.${g[2]! & 0xff}`);
  return null;
}

/** The name of the blocked range an address is in (private, loopback, link-local…), or null for a public address. */
export function blockedRange(address: string): string | null {
  const family = isIP(address.replace(/^\[|\]$/g, '').split('%')[0]!);
  if (family === 4) return blockedV4(address);
  if (family === 6) return blockedV6(address);
  return 'endereço inválido';
}

export type Lookup = (host: string) => Promise<Array<{ address: string; family: number }>>;
const systemLookup: Lookup = (host) => dnsLookup(host, { all: true, verbatim: true });

/** Where a callback goes: the URL, and the one address checked, to connect to (never looked up again). */
export interface CheckedTarget {
  url: URL;
  /** The host as the URL names it (brackets off): the TLS server name and the Host header. */
  host: string;
  address: string;
  family: 4 | 6;
}

export interface UrlGuardOptions {
  /**
   * `host:port` pairs that may be reached over http and at any address: set only from the server's
   * configuration (ERP_CALLBACK_ALLOW_HOSTS, ignored in production), for local receivers in tests.
   */
  allowHosts: readonly string[];
  lookup?: Lookup;
}

/**
 * Checks a callback URL against SSRF: https only, no credentials, and every address its name
 * resolves to public. Throws UrlRefused; returns the address to connect to, so that the request
 * goes where the check looked (DNS rebinding: no second lookup).
 */
export async function checkCallbackUrl(raw: string, { allowHosts, lookup = systemLookup }: UrlGuardOptions): Promise<CheckedTarget> {
  const url = new URL(raw);
  const host = url.hostname.replace(/^\[|\]$/g, '');
  const port = url.port || (url.protocol === 'https:' ? '443' : '80');
  const allowed = allowHosts.includes(`${host}:${port}`);
  if (url.protocol !== 'https:' && !(url.protocol === 'http:' && allowed)) throw new UrlRefused('ERP_URL_HTTPS');
  if (url.username || url.password) throw new UrlRefused('ERP_URL_CREDENTIALS');
  let addresses: Array<{ address: string; family: number }>;
  if (isIP(host)) addresses = [{ address: host, family: isIP(host) }];
  else {
    try {
      addresses = await lookup(host);
    } catch (err) {
      const code = (err as { code?: string }).code;
      throw new UrlRefused('ERP_URL_UNRESOLVED', { host }, code === 'ENOTFOUND' || code === 'ENODATA');
    }
  }
  if (!addresses.length) throw new UrlRefused('ERP_URL_UNRESOLVED', { host });
  if (!allowed) {
    // Every address: a name that answers one public and one internal address is refused.
    for (const a of addresses) {
      const range = blockedRange(a.address);
      if (range) throw new UrlRefused('ERP_URL_BLOCKED', { host, address: a.address, range });
    }
  }
  const first = addresses[0]!;
  return { url, host, address: first.address, family: first.family === 6 ? 6 : 4 };
}
