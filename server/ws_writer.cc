#include "server/server_impl.h"

namespace arena::server {

void WsWriter::send(std::string text) {
  if (closing_) return;
  out_.push_back(std::move(text));
  write_next();
}

void WsWriter::finish(std::string text) {
  send(std::move(text));
  closing_ = true;
  write_next();
}

void WsWriter::write_next() {
  if (writing_) return;
  if (out_.empty()) {
    if (closing_ && !closed_) {
      closed_ = true;
      ws_->async_close(websocket::close_code::normal,
                       [self = shared_from_this()](beast::error_code) {});
    }
    return;
  }
  writing_ = true;
  ws_->text(true);
  ws_->async_write(asio::buffer(out_.front()),
                   [self = shared_from_this()](beast::error_code ec, size_t) {
                     self->writing_ = false;
                     self->out_.pop_front();
                     if (ec) {
                       self->out_.clear();
                       self->closing_ = self->closed_ = true;
                       if (self->on_error_) self->on_error_();
                       return;
                     }
                     self->write_next();
                   });
}

}  // namespace arena::server
