// A writer's cache of text -> row id for a table of texts stored once whose unused rows a run may collect (bodies,
// names): it holds for the collection it was filled after, and is dropped when any run collected rows since.
import type { Db } from './open-index.js';
import { WeighedCache } from '../model/weighed-cache.js';
import { collectionCount, countCollection } from './collection-counts.js';

export class CollectedIds {
  private readonly ids: WeighedCache<string, number>;
  /** The collection count the cache holds for (undefined: none yet). */
  private collection: string | undefined;

  /** COLLECTION_KEY is the meta key counting the table's collections; MAX_WEIGHT bounds the weights WEIGH gives. */
  constructor(
    private readonly db: Db,
    private readonly collectionKey: string,
    maxWeight: number,
    weigh: (text: string) => number,
  ) {
    this.ids = new WeighedCache<string, number>(maxWeight, (_, text) => weigh(text));
  }

  /**
   * Called at the start of each write transaction: the cache is dropped when another run collected rows since it was
   * filled (its ids may name deleted rows).
   */
  begin(): void {
    const now = collectionCount(this.db, this.collectionKey);
    if (now !== this.collection) this.ids.clear();
    this.collection = now;
  }

  /** The transaction the cached ids were stored in was rolled back: they may be given to other texts. */
  discard(): void {
    this.ids.clear();
    this.collection = undefined;
  }

  get(text: string): number | undefined {
    return this.ids.get(text);
  }

  set(text: string, id: number): void {
    this.ids.set(text, id);
  }

  /** This writer deleted rows: the cache goes and a collection is counted (other writers drop theirs at their next transaction). */
  collected(): void {
    this.ids.clear();
    this.collection = countCollection(this.db, this.collectionKey);
  }
}
