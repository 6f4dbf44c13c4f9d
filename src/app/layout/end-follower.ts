/**
 * "Xuống cuối trang" pressed while a page's lists still arrive: the end moves as they land, and a
 * scroll aimed at the end the page had when pressed stops short of it. The scroll follows the end
 * instead, until the person scrolls, touches or types themselves, or FOLLOW_MS have passed.
 */
export const FOLLOW_MS = 10_000;

export type ScrolledPage = {
  /** The page's full height (document.documentElement.scrollHeight). */
  height: () => number;
  scrollTo: (top: number) => void;
  now: () => number;
};

export class EndFollower {
  /** Following until this instant; null when not following. */
  #until: number | null = null;
  #end = 0;

  constructor(private readonly page: ScrolledPage) {}

  /** The button was pressed: go to the end the page has now, and follow it while it moves. */
  start(): void {
    this.#until = this.page.now() + FOLLOW_MS;
    this.#end = this.page.height();
    this.page.scrollTo(this.#end);
  }

  /** The page's size changed: a taller page moves the end the scroll goes to. */
  resized(): void {
    if (this.#until === null || this.page.now() > this.#until) return;
    const end = this.page.height();
    if (end <= this.#end) return;
    this.#end = end;
    this.page.scrollTo(end);
  }

  /** The person moves the page themselves: it is theirs again. */
  stop(): void {
    this.#until = null;
  }
}
