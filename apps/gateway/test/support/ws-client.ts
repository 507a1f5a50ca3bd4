import { readFileSync } from 'node:fs';

export { connect, type CloseInfo, nextLog, StreamClient, wsUrl } from '@pds/testing';

type Frame = Record<string, unknown>;

/** Resident set size of a process in bytes (Linux), for sanity bounds on memory only. */
export function residentBytes(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kilobytes = /VmRSS:\s+(\d+)\s+kB/.exec(status)?.[1];
  return Number(kilobytes) * 1024;
}

/** Upserts kline lists by openTime, ascending: what a `/klines` client holds after each frame. */
export function upsertKlines(frames: readonly Frame[]): Frame[] {
  const byOpenTime = new Map<string, Frame>();
  for (const frame of frames) {
    for (const kline of frame.klines as Frame[]) byOpenTime.set(String(kline.openTime), kline);
  }
  return [...byOpenTime.values()].sort((a, b) => String(a.openTime).localeCompare(String(b.openTime)));
}
