// Table pagination for the console lists the server returns 20 rows at a time (users, audit log).
import type { TablePaginationConfig } from 'antd';

export const serverPages = (
  current: number,
  total: number | undefined,
  onChange: (page: number) => void,
): TablePaginationConfig => ({ current, pageSize: 20, total: total ?? 0, showSizeChanger: false, onChange });
