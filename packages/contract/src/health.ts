import { Type, type Static } from 'typebox';

export const HealthSchema = Type.Object(
  { status: Type.Literal('ok'), uptimeSeconds: Type.Number() },
  { $id: 'Health', title: 'Health' },
);
export type Health = Static<typeof HealthSchema>;

/**
 * `GET /readyz` when the process can serve (200). `degraded`: it serves, but something is wrong
 * that `reason` names — `disk full`: a write failed for want of space and none succeeded since, so
 * writes answer 507 INSUFFICIENT_STORAGE while reads work. A database it cannot reach is a 503
 * error body instead ("database unreachable").
 */
export const ReadySchema = Type.Object(
  {
    status: Type.Union([Type.Literal('ready'), Type.Literal('degraded')]),
    reason: Type.Optional(
      Type.Literal('disk full', {
        description:
          "Why the process is degraded: 'disk full' until a write succeeds (writes answer 507 meanwhile).",
      }),
    ),
    database: Type.Union([Type.Literal('sqlite'), Type.Literal('postgres')]),
    demoMedia: Type.Optional(
      Type.Union(
        [Type.Literal('off'), Type.Literal('preparing'), Type.Literal('ready'), Type.Literal('failed')],
        {
          description:
            "The demo's media and images (DEMO_CONTENT): 'preparing' while they are built into CACHE_DIR (the first start on a machine) and attached to the demo titles; the process serves meanwhile.",
        },
      ),
    ),
  },
  { $id: 'Ready', title: 'Ready' },
);
export type Ready = Static<typeof ReadySchema>;
