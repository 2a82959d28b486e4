import { css } from 'lit';

export const styles = css`
  .room {
    font: 14px/1.5 system-ui, 'PingFang SC', 'Microsoft YaHei', sans-serif;
    color: #303133;
    background: #fff;
    border: 1px solid #dcdfe6;
    border-radius: 4px;
  }
  header {
    padding: 8px 16px;
    border-bottom: 1px solid #ebeef5;
  }
  h2 {
    margin: 0;
    font-size: 16px;
  }
  .room-id {
    margin: 0;
    padding: 8px 16px;
    color: #606266;
  }
`;
