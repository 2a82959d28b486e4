import { css } from 'lit';

export const styles = css`
  .fairs {
    font: 14px/1.5 system-ui, 'PingFang SC', 'Microsoft YaHei', sans-serif;
    color: #303133;
  }
  h2 {
    margin: 0 0 8px;
    font-size: 18px;
  }
  .city {
    margin: 0;
    color: #909399;
  }
`;
