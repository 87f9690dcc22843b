import { Type, type Static } from 'typebox';

export const HealthSchema = Type.Object(
  { status: Type.Literal('ok'), uptimeSeconds: Type.Number() },
  { $id: 'Health', title: 'Health' },
);
export type Health = Static<typeof HealthSchema>;

export const ReadySchema = Type.Object(
  {
    status: Type.Literal('ready'),
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
