import { Button } from 'antd';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { AntdScope } from './antd-scope';

describe('AntdScope', () => {
  it('keeps two-character Chinese button labels as written (no "全 部")', () => {
    const markup = renderToStaticMarkup(
      <AntdScope>
        <Button>全部</Button>
        <Button type="primary">提交</Button>
      </AntdScope>,
    );
    expect(markup).toContain('<span>全部</span>');
    expect(markup).toContain('<span>提交</span>');
    expect(markup).not.toContain('全 部');
  });
});
