import { CODE_SYSTEMS } from '@contract/enums';
import { z } from 'zod';
import { codeProblem } from '@/lib/codeFormats';
import { codesBody, normalCode } from '@/lib/codes';

/**
 * A record's standard codes as the codes editor holds them: each code in its system's format
 * (src/lib/codes.ts, the server's rules), none twice; sent trimmed and in upper case.
 */
export const codesSchema = z
  .array(
    z
      .object({ system: z.enum(CODE_SYSTEMS), code: z.string(), display: z.string() })
      .superRefine((row, ctx) => {
        const problem = codeProblem(row.system, row.code);
        if (problem) ctx.addIssue({ code: 'custom', path: ['code'], message: problem });
      }),
  )
  .max(20, 'At most 20 codes')
  .superRefine((rows, ctx) => {
    const seen = new Set<string>();
    rows.forEach((row, i) => {
      const key = `${row.system} ${normalCode(row.code)}`;
      if (seen.has(key))
        ctx.addIssue({ code: 'custom', path: [i, 'code'], message: 'This code is listed twice' });
      seen.add(key);
    });
  })
  .transform(codesBody);
