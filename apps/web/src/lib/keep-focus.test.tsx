// @vitest-environment jsdom
import { useRef, useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useFocusKeptInside } from './keep-focus.ts';

// MutationObserver callbacks run as microtasks; a macrotask later they have all run.
const settled = () => act(() => new Promise((resolve) => setTimeout(resolve, 0)));

/** A table of rows with a delete button each, inside a kept region, as the admin screens have. */
function Rows({ initial }: { initial: string[] }) {
  const main = useRef<HTMLElement>(null);
  useFocusKeptInside(main);
  const [rows, setRows] = useState(initial);
  return (
    <main ref={main} id="main" tabIndex={-1}>
      <section aria-label="پست‌ها">
        <table aria-label="فهرست پست‌ها">
          <tbody>
            {rows.map((row) => (
              <tr key={row}><td>{row}</td><td><button type="button" onClick={() => setRows((all) => all.filter((r) => r !== row))}>{`حذف ${row}`}</button></td></tr>
            ))}
          </tbody>
        </table>
      </section>
      <button type="button" onClick={() => setRows([])}>پاک کردن همه</button>
    </main>
  );
}

describe('focus kept inside the admin page', () => {
  afterEach(cleanup);

  it('goes to the table when the focused row\'s button is removed with its row, not to <body>', async () => {
    render(<Rows initial={['الف', 'ب']} />);
    const button = screen.getByRole('button', { name: 'حذف الف' });
    button.focus();
    fireEvent.click(button);
    await settled();
    expect(screen.queryByRole('button', { name: 'حذف الف' })).toBeNull();
    const table = screen.getByRole('table', { name: 'فهرست پست‌ها' });
    expect(document.activeElement).toBe(table);
    expect(table.tabIndex).toBe(-1);
  });

  it('does not take focus back when it had already left the element on purpose', async () => {
    render(<Rows initial={['الف', 'ب']} />);
    const button = screen.getByRole('button', { name: 'حذف ب' });
    button.focus();
    button.blur();
    await settled();
    expect(document.activeElement).toBe(document.body);
    fireEvent.click(screen.getByRole('button', { name: 'پاک کردن همه' }));
    // The click itself does not focus in jsdom; what matters is that the removed rows do not pull focus.
    screen.getByRole('button', { name: 'پاک کردن همه' }).blur();
    await settled();
    expect(screen.queryByRole('button', { name: 'حذف ب' })).toBeNull();
    expect(document.activeElement).toBe(document.body);
  });

  it('leaves focus alone when something else already took it', async () => {
    render(<Rows initial={['الف']} />);
    const button = screen.getByRole('button', { name: 'حذف الف' });
    button.focus();
    const clearAll = screen.getByRole('button', { name: 'پاک کردن همه' });
    // Another control takes focus as the row goes (a dialog's own return, a form's first field).
    clearAll.focus();
    fireEvent.click(clearAll);
    await settled();
    expect(document.activeElement).toBe(clearAll);
  });
});

/** A button disabled while its request runs, as the admin screens' actions are. */
function Pending() {
  const main = useRef<HTMLElement>(null);
  useFocusKeptInside(main);
  const [pending, setPending] = useState(false);
  return (
    <main ref={main} id="main" tabIndex={-1}>
      <button type="button" disabled={pending} onClick={() => setPending(true)}>تأیید</button>
      <button type="button" onClick={() => setPending(false)}>پایان درخواست</button>
      <button type="button">دیگری</button>
    </main>
  );
}

/**
 * Focuses the button and presses it; the click disables it, and the browser's focus fixup drops
 * focus to <body> (jsdom keeps focus on a disabled element, so the blur comes first here, within
 * the same task).
 */
async function pressAndLoseFocus(button: HTMLElement) {
  button.focus();
  button.blur();
  fireEvent.click(button);
  await settled();
  expect(button.hasAttribute('disabled')).toBe(true);
}

describe('focus on a button disabled while its request runs', () => {
  afterEach(cleanup);

  it('comes back to it when it is enabled again, not left on <body>', async () => {
    render(<Pending />);
    const approve = screen.getByRole('button', { name: 'تأیید' });
    await pressAndLoseFocus(approve);
    expect(document.activeElement).toBe(document.body);
    fireEvent.click(screen.getByRole('button', { name: 'پایان درخواست' }));
    await settled();
    expect(document.activeElement).toBe(approve);
  });

  it('does not pull focus back when the editor went elsewhere meanwhile', async () => {
    render(<Pending />);
    await pressAndLoseFocus(screen.getByRole('button', { name: 'تأیید' }));
    const other = screen.getByRole('button', { name: 'دیگری' });
    other.focus();
    fireEvent.click(screen.getByRole('button', { name: 'پایان درخواست' }));
    await settled();
    expect(document.activeElement).toBe(other);
  });
});

/** A list of items with two buttons each, as the deleted comments are; «بازگرداندن» takes the item out. */
function Items({ initial }: { initial: string[] }) {
  const main = useRef<HTMLElement>(null);
  useFocusKeptInside(main);
  const [items, setItems] = useState(initial);
  return (
    <main ref={main} id="main" tabIndex={-1}>
      <section aria-label="نظرهای حذف‌شده">
        <ul>
          {items.map((item) => (
            <li key={item}>
              <a href={`#${item}`}>{`خبر ${item}`}</a>
              <button type="button" onClick={() => setItems((all) => all.filter((i) => i !== item))}>{`بازگرداندن ${item}`}</button>
            </li>
          ))}
        </ul>
      </section>
    </main>
  );
}

async function press(name: string) {
  const button = screen.getByRole('button', { name });
  button.focus();
  fireEvent.click(button);
  await settled();
  expect(screen.queryByRole('button', { name })).toBeNull();
}

describe('focus when a list item goes from under it', () => {
  afterEach(cleanup);

  it('goes to the same control of the item that took its place, so the next Tab goes on from there', async () => {
    render(<Items initial={['الف', 'ب', 'پ']} />);
    await press('بازگرداندن الف');
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'بازگرداندن ب' }));
  });

  it('goes to the item before when the last one went, and to the section when none is left', async () => {
    render(<Items initial={['الف', 'ب']} />);
    await press('بازگرداندن ب');
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'بازگرداندن الف' }));
    await press('بازگرداندن الف');
    expect(document.activeElement).toBe(screen.getByRole('region', { name: 'نظرهای حذف‌شده' }));
  });
});
