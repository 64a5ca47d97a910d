/** The seeded record with this name: the plans refer to each other by name, as a person would. */
export function named<T extends { name: string }>(items: readonly T[], name: string): T {
  const item = items.find((candidate) => candidate.name === name);
  if (!item) throw new Error(`demo record ${name} is missing`);
  return item;
}
