/** Builds parameterised SQL: p(value) returns the next $n. */
export class Sql {
  readonly params: unknown[] = [];
  p(value: unknown): string {
    this.params.push(value);
    return `$${this.params.length}`;
  }
}
