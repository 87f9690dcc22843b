import { Type, type Static } from 'typebox';

export const HealthSchema = Type.Object(
  { status: Type.Literal('ok'), uptimeSeconds: Type.Number() },
  { $id: 'Health', title: 'Health' },
);
export type Health = Static<typeof HealthSchema>;

export const ReadySchema = Type.Object(
  { status: Type.Literal('ready'), database: Type.Union([Type.Literal('sqlite'), Type.Literal('postgres')]) },
  { $id: 'Ready', title: 'Ready' },
);
export type Ready = Static<typeof ReadySchema>;
