/**
 * https://docs.kraken.com/exchange/api-reference/spot-websocket-v2/ohlc (snapshot example, verbatim):
 * every number a JSON number, `trades` among them (typed "float" on that page). Shared by the specs
 * that read Kraken's documented frames.
 */
export const OHLC_SNAPSHOT = `{
    "channel": "ohlc",
    "type": "snapshot",
    "timestamp": "2023-10-04T16:26:01.806315597Z",
    "data": [
        {
            "symbol": "ALGO/USD",
            "open": 0.09875,
            "high": 0.09875,
            "low": 0.09875,
            "close": 0.09875,
            "trades": 1,
            "volume": 201.86015,
            "vwap": 0.09875,
            "interval_begin": "2023-10-04T15:25:00.000000000Z",
            "interval": 5,
            "timestamp": "2023-10-04T15:30:00.000000Z"
        },
        {
            "symbol": "ALGO/USD",
            "open": 0.09875,
            "high": 0.0988,
            "low": 0.09875,
            "close": 0.09875,
            "trades": 13,
            "volume": 16255.46368,
            "vwap": 0.09879,
            "interval_begin": "2023-10-04T15:30:00.000000000Z",
            "interval": 5,
            "timestamp": "2023-10-04T15:35:00.000000Z"
        }
    ]
}`;
