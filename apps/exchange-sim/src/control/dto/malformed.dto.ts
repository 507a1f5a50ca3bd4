import { IsIn, IsOptional } from 'class-validator';
import type { MalformedKind } from '../../stream/malformed-kind';

const KINDS: readonly MalformedKind[] = ['invalid-json', 'unknown-event', 'binary'];

/** POST /sim/malformed: which kind of bad frame to send (invalid JSON unless told). */
export class MalformedDto {
  @IsOptional()
  @IsIn(KINDS)
  kind?: MalformedKind;
}
