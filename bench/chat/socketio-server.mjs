// The peer of the chat bench: Socket.IO doing the same fan-out as the chat service (a room per
// user and per group, an ack to the sender), with @socket.io/redis-adapter when REDIS_URL is set
// so that several processes share rooms. It relays only: nothing is stored.
import http from 'node:http';
import { Server } from 'socket.io';

const port = Number(process.env.PORT);
const server = http.createServer();
const io = new Server(server, { transports: ['websocket'], serveClient: false, perMessageDeflate: false });

if (process.env.REDIS_URL) {
  const { Redis } = await import('ioredis');
  const { createAdapter } = await import('@socket.io/redis-adapter');
  const pub = new Redis(process.env.REDIS_URL);
  const sub = pub.duplicate();
  io.adapter(createAdapter(pub, sub, { key: `bench-sio-${process.env.BENCH_RUN ?? ''}` }));
}

io.on('connection', (socket) => {
  socket.on('auth', (userId, ack) => {
    socket.data.userId = String(userId);
    socket.join(`u:${userId}`);
    ack?.();
  });
  socket.on('join', (groupId, ack) => {
    socket.join(`g:${groupId}`);
    ack?.();
  });
  socket.on('c2c', (m, ack) => {
    io.to(`u:${m.to}`).to(`u:${socket.data.userId}`).emit('msg', { from: socket.data.userId, to: m.to, data: m.data });
    ack?.();
  });
  socket.on('group', (m, ack) => {
    io.to(`g:${m.to}`).emit('msg', { from: socket.data.userId, to: m.to, data: m.data });
    ack?.();
  });
});

server.listen(port, '127.0.0.1', () => console.log(`socket.io listening on ${port}`));
process.on('SIGTERM', () => io.close(() => process.exit(0)));
