//! A small client of the server, for `tapis loadtest` and the tests: HTTP/1.1 requests with JSON
//! bodies over a plain TCP connection, and WebSockets (tokio-tungstenite).

use futures_util::{SinkExt, StreamExt};
use serde_json::Value;
use std::net::SocketAddr;
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::TcpStream;
use tokio_tungstenite::tungstenite::Message;

/// One request; returns the status and the body as JSON (`Null` for an empty or non-JSON body).
pub async fn http(addr: SocketAddr, method: &str, path: &str, body: Option<&Value>) -> anyhow::Result<(u16, Value)> {
    http_raw(addr, method, path, body.map(|b| b.to_string()).as_deref(), &[]).await
}

/// One request with a raw body and extra headers.
pub async fn http_raw(
    addr: SocketAddr,
    method: &str,
    path: &str,
    body: Option<&str>,
    headers: &[(&str, &str)],
) -> anyhow::Result<(u16, Value)> {
    let mut stream = TcpStream::connect(addr).await?;
    let body = body.unwrap_or("");
    let mut request = format!("{method} {path} HTTP/1.1\r\nHost: {addr}\r\nConnection: close\r\n");
    for (name, value) in headers {
        request.push_str(&format!("{name}: {value}\r\n"));
    }
    if !body.is_empty() {
        request.push_str(&format!("Content-Type: application/json\r\nContent-Length: {}\r\n", body.len()));
    }
    request.push_str("\r\n");
    request.push_str(body);
    stream.write_all(request.as_bytes()).await?;
    let mut response = Vec::new();
    stream.read_to_end(&mut response).await?;
    let text = String::from_utf8_lossy(&response);
    let (head, rest) = text.split_once("\r\n\r\n").ok_or_else(|| anyhow::anyhow!("no HTTP response"))?;
    let status: u16 =
        head.split_whitespace().nth(1).and_then(|s| s.parse().ok()).ok_or_else(|| anyhow::anyhow!("no status"))?;
    let chunked = head.to_ascii_lowercase().contains("transfer-encoding: chunked");
    let payload = if chunked { dechunk(rest) } else { rest.to_string() };
    Ok((status, serde_json::from_str(&payload).unwrap_or(Value::Null)))
}

fn dechunk(mut rest: &str) -> String {
    let mut out = String::new();
    while let Some((size, tail)) = rest.split_once("\r\n") {
        let Ok(size) = usize::from_str_radix(size.trim(), 16) else { break };
        if size == 0 || tail.len() < size {
            break;
        }
        out.push_str(&tail[..size]);
        rest = tail[size..].trim_start_matches("\r\n");
    }
    out
}

pub type Socket = tokio_tungstenite::WebSocketStream<tokio_tungstenite::MaybeTlsStream<TcpStream>>;

/// A WebSocket to a room.
pub struct Ws {
    socket: Socket,
}

impl Ws {
    pub async fn connect(addr: SocketAddr, room: &str) -> anyhow::Result<Ws> {
        // A small read buffer: the default 128 KiB is zeroed on every read.
        let config = tokio_tungstenite::tungstenite::protocol::WebSocketConfig::default().read_buffer_size(8 * 1024);
        let url = format!("ws://{addr}/api/rooms/{room}/ws");
        let (socket, _) = tokio_tungstenite::connect_async_with_config(url, Some(config), false).await?;
        Ok(Ws { socket })
    }

    pub async fn send(&mut self, message: &Value) -> anyhow::Result<()> {
        self.socket.send(Message::Text(message.to_string().into())).await?;
        Ok(())
    }

    pub async fn send_text(&mut self, text: String) -> anyhow::Result<()> {
        self.socket.send(Message::Text(text.into())).await?;
        Ok(())
    }

    /// The next text frame, unparsed; `None` once the connection is closed.
    pub async fn next_text(&mut self) -> Option<String> {
        loop {
            match self.socket.next().await? {
                Ok(Message::Text(text)) => return Some(text.to_string()),
                Ok(Message::Close(_)) | Err(_) => return None,
                Ok(_) => continue,
            }
        }
    }

    /// The next JSON frame; `None` once the connection is closed.
    pub async fn next(&mut self) -> Option<Value> {
        loop {
            match self.socket.next().await? {
                Ok(Message::Text(text)) => return serde_json::from_str(&text).ok(),
                Ok(Message::Close(_)) | Err(_) => return None,
                Ok(_) => continue,
            }
        }
    }

    pub async fn close(mut self) {
        let _ = self.socket.close(None).await;
    }
}
