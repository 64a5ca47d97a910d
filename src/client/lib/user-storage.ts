/**
 * Local storage that belongs to one account. Several people can use the same browser one after the
 * other: what the assistant keeps (conversations, proposals, recent creations) is written under a key
 * carrying the signed-in user's id, read only while that user is signed in, and deleted on sign-out and
 * when another account signs in (issue 10, point 10).
 */

/** Synchronous, so plain reads (not only zustand's) can use it; it is also a zustand StateStorage. */
export type SyncStorage = Pick<Storage, "getItem" | "setItem" | "removeItem">;

/** What a zustand store with `persist` offers; the stores live in features, this module only calls them. */
type PersistedStore = {
  setState: (state: never, replace: true) => void;
  getInitialState: () => unknown;
  persist: { rehydrate: () => Promise<void> | void; getOptions: () => { name?: string } };
};

const PREFIX = "user:";

/** "user:<id>:ai-agent-store": the owner first, so one prefix finds everything an account left. */
export function userKey(userId: string, name: string): string {
  return `${PREFIX}${userId}:${name}`;
}

/** One browser's user-scoped storage; the app uses `userStorage` below, tests build one on a fake Storage. */
export function createUserStorage(getStorage: () => Storage) {
  let ownerId: string | null = null;
  const stores = new Set<PersistedStore>();

  // Reading localStorage throws where the browser blocks it (some private modes): nothing is kept then.
  function browserStorage(): Storage | null {
    try {
      return getStorage();
    } catch {
      return null;
    }
  }

  /** Removes the keys of every account but `keptUserId` (all of them when null). */
  function removeOthers(keptUserId: string | null) {
    const storage = browserStorage();
    if (!storage) return;
    const doomed: string[] = [];
    for (let index = 0; index < storage.length; index++) {
      const key = storage.key(index);
      if (key?.startsWith(PREFIX) && (keptUserId === null || !key.startsWith(userKey(keptUserId, ""))))
        doomed.push(key);
    }
    for (const key of doomed) storage.removeItem(key);
  }

  /** Empties the stores in memory, then reads the new owner's state back (nothing for a new account). */
  function reloadStores() {
    const nextOwner = ownerId;
    // The reset must not be written: with no owner, setItem goes nowhere.
    ownerId = null;
    for (const store of stores) store.setState(store.getInitialState() as never, true);
    ownerId = nextOwner;
    for (const store of stores) void store.persist.rehydrate();
  }

  function adopt(name: string) {
    browserStorage()?.removeItem(name);
  }

  /** Each name is scoped to the current owner; without one, nothing is read or kept. */
  const storage: SyncStorage = {
    getItem: (name) => (ownerId ? (browserStorage()?.getItem(userKey(ownerId, name)) ?? null) : null),
    setItem: (name, value) => {
      if (ownerId) browserStorage()?.setItem(userKey(ownerId, name), value);
    },
    removeItem: (name) => {
      if (ownerId) browserStorage()?.removeItem(userKey(ownerId, name));
    },
  };

  return {
    storage,

    /**
     * The session's user (null while signed out or unknown). A new account wipes what any other account
     * left, including one that signed in before this page loaded; a session that merely expired keeps its
     * data for when the same user signs in again.
     */
    setOwner(userId: string | null) {
      if (userId === ownerId) return;
      ownerId = userId;
      if (userId) removeOthers(userId);
      reloadStores();
    },

    /** Deliberate sign-out: the account's data leaves the browser with it. */
    clearOwner() {
      ownerId = null;
      removeOthers(null);
      reloadStores();
    },

    /**
     * Takes a name over from the unscoped key builds before this one wrote (whoever it belonged to, it is
     * not shown to the account signed in now).
     */
    adopt,

    /** A persisted store (on `storage` above) to empty and reload when the owner changes. */
    register(store: PersistedStore) {
      stores.add(store);
      const { name } = store.persist.getOptions();
      if (name) adopt(name);
    },
  };
}

export type UserStorage = ReturnType<typeof createUserStorage>;

export const userStorage = createUserStorage(() => localStorage);
