import type { DeviceTicket } from '@ullage/contracts/device';
import type { Outbox } from './batch';
import { MINUTE, iso } from './clock';
import { cents } from './metering';
import { createRng, deriveSeed } from './random';
import { grossPerNet, type DeliveryStart, type TankState } from './tank';
import type { SimStation, SimTank } from './types';

/**
 * The tanker's paperwork: each delivery the simulation makes gets a ticket, the volume the
 * supplier says it put in. It is sent this long after the drop ends — the ticket is keyed in
 * after the tanker leaves, and by then the server has seen the level settle and found the
 * delivery the ticket belongs to.
 */
export const TICKET_DELAY_MS = 30 * MINUTE;
/**
 * How far an honest ticket is off what went into the tank, per cent either way [−, +): the
 * loading rack's meter and the tank's strapping table never agree exactly, but well within the
 * reconciliation's default tolerance (0.5 %).
 */
export const TICKET_SPREAD_PCT = 0.3;

/** A delivery the simulation made: net litres (at 15 °C) in, and the gross litres at the tanker's temperature. */
export interface Drop {
  spec: SimTank;
  startMs: number;
  endMs: number;
  netL: number;
  grossL: number;
}

const compactMinute = (ms: number) => iso(ms).slice(0, 16).replace(/[-T:]/g, '');

/** The ticket of a drop whose ticket is `offPct` per cent over what went in (negative: under). */
export function ticketOf(stationCode: string, drop: Drop, offPct: number): DeviceTicket {
  const factor = 1 + offPct / 100;
  // Midway through the drop, to the second: inside it, as the server's matching asks.
  const deliveredAt = Math.floor((drop.startMs + drop.endMs) / 2000) * 1000;
  return {
    tank: drop.spec.code,
    deliveredAt: iso(deliveredAt),
    volumeL: cents(drop.grossL * factor),
    tcVolumeL: cents(drop.netL * factor),
    ticketNo: `${stationCode}/${drop.spec.code}/${compactMinute(drop.startMs)}`,
  };
}

export interface TicketBook {
  /** A tank's tanker started unloading at `startMs`. */
  delivered(t: TankState, startMs: number, delivery: DeliveryStart): void;
  /** Puts the tickets due by `ms` into `out`. */
  due(ms: number, out: Outbox): void;
}

/**
 * The station's tickets. How far each is off comes from a random stream of its own, so the
 * physics' stream — and the readings of a seed — stay as they were; a tank's `shortDelivery`
 * makes the first delivery in its window short (the ticket over what went in).
 */
export function createTicketBook(station: SimStation, seed: number): TicketBook {
  const rng = createRng(deriveSeed(seed, `${station.code}#tickets`));
  const pending: { drop: Drop; offPct: number }[] = [];
  const shorted = new Set<string>();
  return {
    delivered(t, startMs, delivery) {
      const drop: Drop = { spec: t.spec, startMs, endMs: startMs + delivery.durationMs, netL: delivery.litres, grossL: delivery.litres * grossPerNet(t, delivery.temperatureC) };
      const short = t.spec.shortDelivery;
      let offPct = rng.range(-TICKET_SPREAD_PCT, TICKET_SPREAD_PCT);
      if (short && !shorted.has(t.spec.code) && startMs >= short.fromMs && startMs < short.untilMs) {
        shorted.add(t.spec.code);
        offPct = short.pct;
      }
      pending.push({ drop, offPct });
    },
    due(ms, out) {
      if (pending.length === 0) return;
      for (let i = 0; i < pending.length; ) {
        const p = pending[i]!;
        if (p.drop.endMs + TICKET_DELAY_MS <= ms) {
          out.tickets.push(ticketOf(station.code, p.drop, p.offPct));
          pending.splice(i, 1);
        } else i++;
      }
    },
  };
}
