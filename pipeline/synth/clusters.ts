/**
 * Planted related-company clusters: carriers sharing a phone, an e-mail, a physical address or an
 * officer name. Some are chameleon patterns (an old, inactive and revoked member beside a recent
 * active one); a few are big (one phone shared by ~2,000 carriers, like a freight agent's line).
 * Everything else is unique by construction (text.ts), so these are the only shared identifiers
 * and clusters.json is the ground truth. Members are protected from the mutations that would
 * break a cluster (removal, contact, identity, authority, status).
 */
import { Rng } from './rng.ts';
import { STATE_INDEX } from './geo.ts';
import { phoneFor } from './text.ts';
import { emailOf, officerOf, phoneOf, phyCityOf, phyStateOf, phyStreetOf, phyZipOf } from './derive.ts';
import { operatesVehicles, type Ctx } from './population.ts';
import { AUTH_I, CARSHIP_HAS, STATUS_A, STATUS_I, brokerOf, contractOf, packAuth, type Pop } from './model.ts';

type ClusterKind = 'phone' | 'email' | 'address' | 'officer';

export interface Cluster {
  id: string;
  kind: ClusterKind;
  /** The shared value as the snapshot holds it (address: street|city|state|zip). */
  value: string;
  dot_numbers: string[];
  /** Planted chameleon pattern: an inactive, revoked member and a recently added active one. */
  chameleon: boolean;
  /** Members that were INACTIVE on the first day. */
  inactive_dot_numbers: string[];
  big: boolean;
}

const KINDS: ClusterKind[] = ['phone', 'email', 'address', 'officer'];

/** Sizes of the big clusters at full scale (2.1M carriers), scaled down for small runs. */
const BIG = { phone: 2000, address: 800, email: 400 } as const;

function sharedValue(p: Pop, s: number, kind: ClusterKind): string {
  switch (kind) {
    case 'phone':
      return phoneOf(p, s);
    case 'email':
      return emailOf(p, s);
    case 'address':
      return [phyStreetOf(p, s), phyCityOf(p, s), phyStateOf(p, s), phyZipOf(p, s)].join('|');
    case 'officer':
      return officerOf(p, s, 1);
  }
}

export function plantClusters(p: Pop, ctx: Ctx, rng: Rng): Cluster[] {
  const n = p.n;
  const start = ctx.startDay;
  const clusters: Cluster[] = [];
  const isCarrier = (s: number) => CARSHIP_HAS(p.carship[s], 'C') && operatesVehicles(p.carship[s]);
  const pick = (lo: number, hi: number, pred: (s: number) => boolean): number => {
    for (let t = 0; t < 10_000; t++) {
      const s = lo + rng.int(hi - lo);
      if (p.alive[s] && !p.prot[s] && pred(s)) return s;
    }
    for (let s = lo; s < hi; s++) if (p.alive[s] && !p.prot[s] && pred(s)) return s;
    return -1;
  };
  const protect = (s: number) => {
    p.prot[s] = 1;
    p.revPend[s] = 0; // a pending revocation would execute and change the member's authority
    p.revDay[s] = 0;
  };
  const share = (kind: ClusterKind, leader: number, s: number) => {
    switch (kind) {
      case 'phone':
        p.phone[s] = p.phone[leader];
        break;
      case 'email':
        p.emailId[s] = p.emailId[leader];
        break;
      case 'address':
        p.addrId[s] = p.addrId[leader];
        p.st[s] = p.st[leader];
        break;
      case 'officer':
        // Half the time the shared officer is the member's second officer.
        if (rng.chance(0.5) || p.off1[s] === 0) p.off1[s] = p.off1[leader];
        else p.off2[s] = p.off1[leader];
        break;
    }
  };
  const ensureValue = (kind: ClusterKind, s: number) => {
    if (kind === 'phone' && p.phone[s] === 0) p.phone[s] = phoneFor(ctx.nextPhone++, p.st[s]);
    if (kind === 'email' && p.emailId[s] === 0) p.emailId[s] = ctx.nextEmail++;
    if (kind === 'officer' && p.off1[s] === 0) p.off1[s] = ctx.nextOfficer++;
  };
  const record = (kind: ClusterKind, members: number[], chameleon: boolean, big: boolean) => {
    const leader = members[0];
    clusters.push({
      id: `${kind}-${clusters.length + 1}`,
      kind,
      value: sharedValue(p, leader, kind),
      dot_numbers: members.map((s) => String(p.dot[s])),
      chameleon,
      inactive_dot_numbers: members.filter((s) => p.status[s] === STATUS_I).map((s) => String(p.dot[s])),
      big,
    });
  };

  const perKind = Math.max(3, Math.round(n * 0.00025));
  for (const kind of KINDS) {
    for (let c = 0; c < perKind; c++) {
      const chameleon = c % 5 < 2;
      let size = 2;
      while (size < 6 && rng.chance(0.45)) size++;
      const members: number[] = [];
      if (chameleon) {
        // The shut-down original: an older DOT, inactive, authority revoked, insurance gone.
        const old = pick(0, Math.floor(n * 0.6), isCarrier);
        if (old < 0) break;
        protect(old);
        p.status[old] = STATUS_I;
        if (p.mc[old]) {
          // Every authority it held ended on one day (the legacy archive or Motus, by that day).
          const day = start - rng.range(30, 400);
          const a = p.auth[old];
          p.auth[old] = packAuth(AUTH_I, contractOf(a) ? AUTH_I : 0, brokerOf(a) ? AUTH_I : 0);
          for (const [g, r, e, held] of [[p.gC, p.rC, p.eC, true], [p.gK, p.rK, p.eK, contractOf(a) !== 0], [p.gB, p.rB, p.eB, brokerOf(a) !== 0]] as const) {
            if (!held) continue;
            if (g[old] === 0 || g[old] >= day) g[old] = Math.max(p.addDay[old], day - 400);
            e[old] = day;
            r[old] = 0;
          }
          p.bipd[old] = p.bipdXs[old] = p.cargo[old] = 0;
          p.bipdCan[old] = p.cargoCan[old] = 0;
        }
        members.push(old);
        // The reincarnation: a recent DOT, active.
        const fresh = pick(Math.floor(n * 0.9), n, isCarrier);
        if (fresh < 0) break;
        protect(fresh);
        p.status[fresh] = STATUS_A;
        members.push(fresh);
      }
      while (members.length < size) {
        const s = pick(0, n, isCarrier);
        if (s < 0) break;
        protect(s);
        members.push(s);
      }
      ensureValue(kind, members[0]);
      for (const s of members.slice(1)) share(kind, members[0], s);
      record(kind, members, chameleon, false);
    }
  }

  // Big clusters: a dispatch service's phone, a registered agent's address, a filing service's e-mail.
  const scale = (full: number, min: number) => Math.min(full, Math.max(min, Math.round((n * full) / 2_100_000)), Math.floor(n / 20));
  const bigOne = (kind: ClusterKind, size: number) => {
    const members: number[] = [];
    while (members.length < size) {
      const s = pick(0, n, () => true);
      if (s < 0) break;
      protect(s);
      members.push(s);
    }
    const leader = members[0];
    if (kind === 'phone') p.phone[leader] = phoneFor(ctx.nextPhone++, p.st[leader]);
    if (kind === 'email') p.emailId[leader] = ctx.nextEmail++;
    if (kind === 'address') {
      p.addrId[leader] = ctx.nextAddr++;
      p.st[leader] = STATE_INDEX.get(rng.chance(0.5) ? 'DE' : 'WY')!;
    }
    for (const s of members.slice(1)) share(kind, leader, s);
    record(kind, members, false, true);
  };
  bigOne('phone', scale(BIG.phone, 30));
  bigOne('address', scale(BIG.address, 15));
  bigOne('email', scale(BIG.email, 10));
  return clusters;
}
