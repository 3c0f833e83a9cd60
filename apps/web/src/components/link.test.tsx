// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { fireEvent, screen } from '@testing-library/react';
import { renderWithApp } from '../testing/render.tsx';
import { isActivePath, Link, NavLink } from './link.tsx';

const location = () => screen.getByTestId('location').textContent;

describe('site links', () => {
  it('navigate inside the app on a plain click, without loading a document', () => {
    renderWithApp(<Link to="/category/politics?page=2" className="x">سیاست</Link>);
    const link = screen.getByRole('link', { name: 'سیاست' });
    expect(link.getAttribute('href')).toBe('/category/politics?page=2');
    expect(link.className).toBe('x');
    const click = new MouseEvent('click', { bubbles: true, cancelable: true, button: 0 });
    fireEvent(link, click);
    expect(click.defaultPrevented).toBe(true);
    expect(location()).toBe('/category/politics?page=2');
  });

  it('leave modified clicks, new tabs, downloads, feeds, media and other sites to the browser', () => {
    renderWithApp(
      <>
        <Link to="/trending">داغ</Link>
        <a href="/trending" target="_blank" rel="noreferrer">برگه تازه</a>
        <a href="/media/tg/a.mp4" download>دانلود</a>
        <a href="/rss.xml">خوراک</a>
        <a href="https://t.me/share/url?url=x">تلگرام</a>
        <a href="/#comments">نظرها</a>
      </>,
    );
    const tries: Array<[string, MouseEventInit]> = [
      ['داغ', { ctrlKey: true }], ['داغ', { button: 1 }], ['برگه تازه', {}], ['دانلود', {}], ['خوراک', {}], ['تلگرام', {}], ['نظرها', {}],
    ];
    for (const [name, init] of tries) {
      const link = screen.getByRole('link', { name });
      // jsdom does not load documents: stop the default after the app had its say.
      link.addEventListener('click', (e) => e.preventDefault(), { once: true });
      const click = new MouseEvent('click', { bubbles: true, cancelable: true, button: 0, ...init });
      const handled = !fireEvent(link, click);
      expect(handled).toBe(true);
      expect(location()).toBe('/');
    }
  });

  it('mark the current page with aria-current, exactly or for the section below it', () => {
    renderWithApp(
      <>
        <NavLink to="/" end className={({ isActive }) => (isActive ? 'on' : 'off')}>خانه</NavLink>
        <NavLink to="/category/politics" className={({ isActive }) => (isActive ? 'on' : 'off')}>سیاست</NavLink>
      </>,
      { route: '/category/politics' },
    );
    expect(screen.getByRole('link', { name: 'خانه' }).className).toBe('off');
    const politics = screen.getByRole('link', { name: 'سیاست' });
    expect(politics.className).toBe('on');
    expect(politics.getAttribute('aria-current')).toBe('page');
    expect(isActivePath('/category/politics/x', '/category/politics')).toBe(true);
    expect(isActivePath('/category/politics-x', '/category/politics')).toBe(false);
    expect(isActivePath('/trending', '/')).toBe(false);
  });

  it('compare Persian addresses decoded, whichever way each side is written, page after page', () => {
    const encoded = encodeURI('/tag/ایران');
    const pages: Array<[string, string, boolean]> = [
      [encoded, '/tag/ایران', true],
      ['/tag/ایران', encoded, true],
      [encodeURI('/tag/ایران/خبر'), encoded, true],
      [encodeURI('/tag/اقتصاد'), encoded, false],
      ['/tag/%E0%A4%A', '/tag/%E0%A4%A', true],
      ['/tag/%E0%A4%A', encoded, false],
      [encoded, '/tag/ایران', true],
    ];
    for (const [route, to, active] of pages) {
      const view = renderWithApp(<NavLink to={to}>برچسب</NavLink>, { route });
      expect(screen.getByRole('link', { name: 'برچسب' }).getAttribute('aria-current'), `${route} ${to}`).toBe(active ? 'page' : null);
      view.unmount();
    }
  });
});
