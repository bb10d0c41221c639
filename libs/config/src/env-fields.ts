import { z } from 'zod';

/** Field shapes shared by the config schema's parts (an unset or blank variable is left out before parsing). */
export const optionalText = z.string().trim().min(1).optional();

export const intInRange = (min: number, max: number, fallback: number) => z.coerce.number().int().min(min).max(max).default(fallback);
