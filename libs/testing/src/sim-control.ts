import type { RunningApp } from './spawn-app';

/** Calls one of the simulator's control endpoints (`/sim/trade`, `/sim/disconnect`, …). */
export async function simPost<T>(sim: RunningApp, path: string, body: object = {}): Promise<T> {
  const response = await fetch(`http://127.0.0.1:${sim.port}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`${path}: ${response.status} ${await response.text()}`);
  return (await response.json()) as T;
}
