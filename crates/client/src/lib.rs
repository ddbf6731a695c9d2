//! A client of `tapis serve` (`../shared/SERVER.md`), for `tapis loadtest` and the tests: HTTP
//! requests with JSON bodies through hyper-util's client, and WebSockets through
//! tokio-tungstenite. Nothing here is part of the server.

use futures_util::{SinkExt, StreamExt};
use http_body_util::{BodyExt, Full};
use hyper::body::Bytes;
use hyper_util::client::legacy::Client;
use hyper_util::client::legacy::connect::HttpConnector;
use hyper_util::rt::TokioExecutor;
use serde_json::Value;
use std::net::{IpAddr, SocketAddr};
use tokio::net::{TcpSocket, TcpStream};
use tokio_tungstenite::tungstenite::Message;

/// One request; returns the status and the body as JSON (`Null` for an empty or non-JSON body).
pub async fn http(addr: SocketAddr, method: &str, path: &str, body: Option<&Value>) -> anyhow::Result<(u16, Value)> {
    http_raw(addr, method, path, body.map(|b| b.to_string()).as_deref(), &[]).await
}

/// One request with a raw body and extra headers, on a connection of its own (none is kept
/// open after it: the server counts connections).
pub async fn http_raw(
    addr: SocketAddr,
    method: &str,
    path: &str,
    body: Option<&str>,
    headers: &[(&str, &str)],
) -> anyhow::Result<(u16, Value)> {
    request(None, addr, method, path, body, headers).await
}

/// One request from the local address `source` (any of 127.0.0.0/8 on the loopback): the
/// server sees another client.
pub async fn http_from(
    source: IpAddr,
    addr: SocketAddr,
    method: &str,
    path: &str,
    body: Option<&Value>,
) -> anyhow::Result<(u16, Value)> {
    request(Some(source), addr, method, path, body.map(|b| b.to_string()).as_deref(), &[]).await
}

async fn request(
    source: Option<IpAddr>,
    addr: SocketAddr,
    method: &str,
    path: &str,
    body: Option<&str>,
    headers: &[(&str, &str)],
) -> anyhow::Result<(u16, Value)> {
    let mut connector = HttpConnector::new();
    connector.set_local_address(source);
    connector.set_nodelay(true);
    let client = Client::builder(TokioExecutor::new()).pool_max_idle_per_host(0).build(connector);
    let mut request = hyper::Request::builder().method(method).uri(format!("http://{addr}{path}"));
    for (name, value) in headers {
        request = request.header(*name, *value);
    }
    if body.is_some() {
        request = request.header("content-type", "application/json");
    }
    let body = Full::new(Bytes::from(body.unwrap_or("").to_owned()));
    let response = client.request(request.body(body)?).await?;
    let status = response.status().as_u16();
    let payload = response.into_body().collect().await?.to_bytes();
    Ok((status, serde_json::from_slice(&payload).unwrap_or(Value::Null)))
}

pub type Socket = tokio_tungstenite::WebSocketStream<tokio_tungstenite::MaybeTlsStream<TcpStream>>;

/// A WebSocket to a room.
pub struct Ws {
    socket: Socket,
}

impl Ws {
    pub async fn connect(addr: SocketAddr, room: &str) -> anyhow::Result<Ws> {
        let url = format!("ws://{addr}/api/rooms/{room}/ws");
        let (socket, _) = tokio_tungstenite::connect_async_with_config(url, Some(Ws::config()), false).await?;
        Ok(Ws { socket })
    }

    /// A WebSocket from the local address `source` (any of 127.0.0.0/8 on the loopback).
    pub async fn connect_from(source: IpAddr, addr: SocketAddr, room: &str) -> anyhow::Result<Ws> {
        let socket = if source.is_ipv4() { TcpSocket::new_v4()? } else { TcpSocket::new_v6()? };
        socket.bind(SocketAddr::new(source, 0))?;
        let stream = socket.connect(addr).await?;
        stream.set_nodelay(true)?;
        let url = format!("ws://{addr}/api/rooms/{room}/ws");
        let stream = tokio_tungstenite::MaybeTlsStream::Plain(stream);
        let (socket, _) = tokio_tungstenite::client_async_with_config(url, stream, Some(Ws::config())).await?;
        Ok(Ws { socket })
    }

    /// A small read buffer: the default 128 KiB is zeroed on every read.
    fn config() -> tokio_tungstenite::tungstenite::protocol::WebSocketConfig {
        tokio_tungstenite::tungstenite::protocol::WebSocketConfig::default().read_buffer_size(8 * 1024)
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

    /// Reads until the server closes the connection: its close code (`None`: closed without one).
    pub async fn close_code(&mut self) -> Option<u16> {
        loop {
            match self.socket.next().await? {
                Ok(Message::Close(frame)) => return frame.map(|f| u16::from(f.code)),
                Ok(_) => continue,
                Err(_) => return None,
            }
        }
    }

    pub async fn close(mut self) {
        let _ = self.socket.close(None).await;
    }
}
