/** Every job the product runs, by name, with its payload. Producers and handlers share this map. */
export interface JobPayloads {
  'email.send': { outboxId: number };
  'email.sweep': Record<string, never>;
}

export type JobName = keyof JobPayloads;
