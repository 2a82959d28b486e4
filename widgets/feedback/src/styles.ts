import { css } from 'lit';

export const styles = css`
  .feedback {
    font: 14px/1.5 system-ui, 'PingFang SC', 'Microsoft YaHei', sans-serif;
    color: #303133;
  }
  h2 {
    margin: 0;
    font-size: 16px;
  }
`;
