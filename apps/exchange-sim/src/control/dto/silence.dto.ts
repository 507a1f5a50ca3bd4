import { IsInt, Max, Min } from 'class-validator';

/** POST /sim/silence: how long the streams stay open but mute. */
export class SilenceDto {
  @IsInt()
  @Min(0)
  @Max(3_600_000)
  ms!: number;
}
